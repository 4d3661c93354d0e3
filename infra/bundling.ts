/**
 * How every function is bundled, shared by the stack (RouteFunction) and, through
 * infra/build-bundles.ts (the same options for esbuild's API), the bundle benchmark and the
 * built-bundle test, so that what is measured and tested is what is deployed.
 */

/** The oldest Node.js the project supports (engines >=22); the functions run on nodejs24.x. */
export const BUNDLE_TARGET = 'node22';

/** ESM has no `require`; a few CJS dependencies call it for Node built-ins. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * Packages the Lambda bundles take from a stand-in instead (infra/bundle-shims): the AWS SDK's
 * default credential chain becomes the environment alone, which is where Lambda puts the
 * execution role's credentials, and `node:http` is taken through `require` (see each shim for why). Paths are relative to the project root,
 * where the stack's esbuild and build-bundles.ts's run.
 */
export const BUNDLE_ALIASES = {
  '@aws-sdk/credential-provider-node': './infra/bundle-shims/credentials-from-env.ts',
  // node:http without the ES-module import that loads undici (see the shim).
  'node:http': './infra/bundle-shims/http-without-websocket.ts',
  http: './infra/bundle-shims/http-without-websocket.ts',
};

export const BUNDLING = {
  minify: true,
  sourceMap: true,
  // Stack traces keep file and line; the sources themselves would only double the bundle.
  sourcesContent: false,
  banner: ESM_REQUIRE_BANNER,
  target: BUNDLE_TARGET,
  mainFields: ['module', 'main'],
  // Bundle AWS SDK v3 instead of using the runtime's copy: the bundle pins the SDK version the
  // tests ran against (the runtime's drifts with each Lambda update), and tree-shaking keeps only
  // the clients a handler uses.
  externalModules: [] as string[],
  esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([name, path]) => [`--alias:${name}`, path])),
};
