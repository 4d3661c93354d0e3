/**
 * The exports queue: what `POST /v1/exports` hands to the worker (functions/jobs/run-export.ts).
 * Delivery is at least once, which the worker's claim makes harmless (shared/db/exports/exports.ts).
 * An SQS standard queue in the cloud (cloud.ts); locally `npm start`'s in-process runner
 * (infra/local/exports.ts), which runs the export at once in the background.
 */
import * as z from 'zod/mini';
import { droppable } from '../../records/lazy-schema.ts';

export const ExportMessage = /* @__PURE__ */ droppable(() =>
  z.strictObject({ tenantId: z.string(), exportId: z.string() }),
);
export type ExportMessage = z.infer<typeof ExportMessage>;

export interface ExportQueue {
  send(message: ExportMessage): Promise<void>;
}
