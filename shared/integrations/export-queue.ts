/**
 * The exports queue: what `POST /v1/exports` hands to the worker (functions/jobs/run-export.ts). In
 * the cloud an SQS standard queue (`EXPORTS_QUEUE_URL`, infra/exports.ts): delivery is at least
 * once, which the worker's claim makes harmless (shared/db/exports/exports.ts). Locally `npm start`
 * plugs in an in-process runner (infra/local/exports.ts) that runs the export at once in the
 * background; with neither (handler tests), the export simply stays queued.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';

export const ExportMessage = z.strictObject({ tenantId: z.string(), exportId: z.string() });
export type ExportMessage = z.infer<typeof ExportMessage>;

type LocalRunner = (message: ExportMessage) => void;

let local: LocalRunner | undefined;
let cloud: { url: string; client: SQSClient } | undefined;

/** Plugs in (or, with undefined, takes out) the local in-process runner. */
export function useLocalExportRunner(runner: LocalRunner | undefined): void {
  local = runner;
}

/** Queues the export's work; answers whether anything will run it. */
export async function queueExport(message: ExportMessage): Promise<boolean> {
  const url = process.env.EXPORTS_QUEUE_URL;
  if (url) {
    if (cloud?.url !== url) cloud = { url, client: new SQSClient({}) };
    await cloud.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(message) }));
    return true;
  }
  if (!local) return false;
  local(message);
  return true;
}
