/**
 * `npm start`: runs the whole service locally. Data persists in `.data/` across restarts;
 * `npm start -- --in-memory` keeps it in memory. Port from PORT (default 3000). Every way of
 * stopping it stops everything it started: Ctrl-C, SIGTERM or SIGHUP to this process or to npm,
 * and the death of npm by any means (see launcher.ts); DynamoDB Local dies with this process even
 * when it is killed outright (see owned-process.ts). It logs one JSON line per request and job
 * run, and writes no metrics unless METRICS_DISABLED=false.
 */
import { JAVA_HINT } from './dynamodb.ts';
import { whenLauncherExits } from './launcher.ts';
import { startLocalService, type LocalService } from './server.ts';

const inMemory = process.argv.includes('--in-memory');
// The request log lines stay; the metrics' EMF lines (two or three per request) would bury them.
// `METRICS_DISABLED=false npm start` shows them (shared/support/metrics.ts).
process.env.METRICS_DISABLED ??= 'true';
const port = Number(process.env.PORT ?? 3000);
/** Past this, a stop that hangs gives way to exiting (the JVM's watchdog still ends it). */
const STOP_GRACE_MS = 15_000;

let service: LocalService | undefined;
let stopping = false;

async function stop(why: string): Promise<void> {
  if (stopping) {
    console.log('Stopping at once.');
    process.exit(1);
  }
  stopping = true;
  console.log(`Stopping (${why})…`);
  setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  // Still starting: exiting is enough, the JVM's watchdog takes it down.
  await service?.stop();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
whenLauncherExits(() => void stop('npm exited'));

console.log(`Starting DynamoDB Local, the S3 emulator and the token issuer, and loading the handlers…`);
try {
  const began = Date.now();
  service = await startLocalService({
    port,
    warm: true,
    metricRefreshEveryMs: 10_000,
    campaignStatusSweepEveryMs: 60_000,
    releasedObjectsSweepEveryMs: 60_000,
    ...(inMemory ? {} : { dataDir: '.data' }),
  });
  console.log(`Creator measurement service listening on ${service.url} (${inMemory ? 'in memory' : 'data in .data/'}), ready in ${((Date.now() - began) / 1000).toFixed(1)} s
Mint a token:   curl -s -X POST ${service.url}/local/token -H 'content-type: application/json' -d '{"userId":"00000000-0000-4000-8000-000000000001","email":"you@example.com"}'
Call the API:   see "Run it locally" in README.md
Email outbox:   curl -s ${service.url}/local/outbox
Fake Stripe:    ${service.stripe.url} (checkout and portal pages; see docs/local.md)
Fake platforms: ${service.platforms.url} (YouTube, Reddit, X and Instagram metrics; see docs/local.md)
Fake Google:    ${service.googleAnalytics.url} (Analytics consent page and APIs; properties: curl -s ${service.url}/local/analytics/properties)
Stop with Ctrl-C.`);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message === JAVA_HINT ? message : `Could not start the local service: ${message}`);
  process.exit(1);
}
