/**
 * The exports queue of this environment: SQS when `EXPORTS_QUEUE_URL` is set (only the create
 * route has it), else none and the export stays queued (handler tests, and the built bundles,
 * whose worker threads have no runner). `useExportQueue` puts another implementation in place:
 * `npm start` plugs in its in-process runner (infra/local/exports.ts); undefined goes back to the
 * configured one.
 */
import { configuredQueue } from '../sqs/configured-queue.ts';
import { SqsExportQueue } from './cloud.ts';
import type { ExportMessage, ExportQueue } from './port.ts';

const queue = configuredQueue<ExportQueue, SqsExportQueue>('EXPORTS_QUEUE_URL', (url) => new SqsExportQueue(url));

export const getExportQueue = queue.get;
export const useExportQueue = queue.use;

/** Queues the export's work; answers whether anything will run it. */
export async function queueExport(message: ExportMessage): Promise<boolean> {
  const queue = getExportQueue();
  if (!queue) return false;
  await queue.send(message);
  return true;
}
