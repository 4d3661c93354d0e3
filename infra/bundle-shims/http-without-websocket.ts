/**
 * Stands in for `node:http` (and `http`) in the Lambda bundles (infra/bundling.ts aliases both
 * names to this file); tests and `npm start` import the real module.
 *
 * Why: since Node.js 22 `node:http` has lazy `WebSocket`, `CloseEvent` and `MessageEvent` getters,
 * and an ES module `import` of a built-in reads every export to build its namespace, so importing
 * `node:http` loads Node's bundled undici (with http2, perf_hooks, worker_threads and web streams)
 * at every cold start: 50-80 ms of import time on the bench machine, where the whole DynamoDB
 * reference imports in about 110 ms (the cold-start targets, test/bench/RESULTS.md). Almost every function imports it only for
 * `STATUS_CODES` (@middy/util, under the JSON body parser); Stripe's client takes the module as
 * `default`. Taking the same module through `require` reads no getter. A named import this file
 * does not export fails the bundle build ("No matching export"), so a new use cannot silently get
 * `undefined`.
 */
import { createRequire } from 'node:module';
import type * as Http from 'node:http';

const http = createRequire(import.meta.url)('node:http') as typeof Http;

export default http;
// `request`: the webhook delivery's plain-http path (shared/webhooks/send.ts; locally, to 127.0.0.1).
export const { STATUS_CODES, request } = http;
