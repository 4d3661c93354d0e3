/**
 * The exports queue of this environment: SQS when `EXPORTS_QUEUE_URL` is set (only the create
 * route has it), else none and the export stays queued (handler tests, and the built bundles,
 * whose worker threads have no runner). `useExportQueue` puts another implementation in place:
 * `npm start` plugs in its in-process runner (infra/local/exports.ts); undefined goes back to the
 * configured one.
 */
import { SqsExportQueue } from './cloud.ts';
import type { ExportMessage, ExportQueue } from './port.ts';

let chosen: ExportQueue | undefined;
let cloud: SqsExportQueue | undefined;

export function getExportQueue(): ExportQueue | undefined {
  if (chosen) return chosen;
  const url = process.env.EXPORTS_QUEUE_URL;
  if (!url) return undefined;
  return cloud?.queueUrl === url ? cloud : (cloud = new SqsExportQueue(url));
}

export function useExportQueue(queue: ExportQueue | undefined): void {
  chosen = queue;
}

/** Queues the export's work; answers whether anything will run it. */
export async function queueExport(message: ExportMessage): Promise<boolean> {
  const queue = getExportQueue();
  if (!queue) return false;
  await queue.send(message);
  return true;
}
