/**
 * `npm start`: runs the whole service locally. Data persists in `.data/` across restarts;
 * `npm start -- --in-memory` keeps it in memory. Port from PORT (default 3000). Ctrl-C stops
 * everything it started.
 */
import { JAVA_HINT } from './dynamodb.ts';
import { startLocalService } from './server.ts';

const inMemory = process.argv.includes('--in-memory');
const port = Number(process.env.PORT ?? 3000);

try {
  const service = await startLocalService({ port, ...(inMemory ? {} : { dataDir: '.data' }) });
  console.log(`Creator measurement service listening on ${service.url} (${inMemory ? 'in memory' : 'data in .data/'})
Mint a token:   curl -s -X POST ${service.url}/local/token -H 'content-type: application/json' -d '{"userId":"00000000-0000-4000-8000-000000000001","email":"ada@example.com"}'
Call the API:   curl -s ${service.url}/v1/users/00000000-0000-4000-8000-000000000001 -H "authorization: Bearer $TOKEN"
Email outbox:   curl -s ${service.url}/local/outbox
Stop with Ctrl-C.`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    await service.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message === JAVA_HINT ? message : `Could not start the local service: ${message}`);
  process.exit(1);
}
