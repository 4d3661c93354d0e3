/**
 * The metric refresh queue: what the dispatcher, and a content link connect or change, hand to the
 * worker. Its semantics, whatever carries it: the tenant is the message group, so one tenant's
 * metric writes are serialized (no two workers fight over its rollup items) while tenants run in
 * parallel, and the same reading of the same item at the same due time is queued once
 * (`deduplicationId`). SQS FIFO in the cloud (cloud.ts); locally `npm start`'s in-process queue
 * (infra/local/metric-refresh.ts, which runs the worker beside it).
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { droppable } from '../../records/lazy-schema.ts';

/**
 * A reading due: an activity's content or a social account's follower count, with the due time it
 * was sent for (stale once that moved on).
 */
export const RefreshMessage = /* @__PURE__ */ droppable(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('content'), tenantId: z.string(), activityId: z.string(), dueAt: z.string() }),
    z.strictObject({
      kind: z.literal('followers'),
      tenantId: z.string(),
      creatorId: z.string(),
      accountId: z.string(),
      dueAt: z.string(),
    }),
  ]),
);
export type RefreshMessage = z.infer<typeof RefreshMessage>;

export interface RefreshQueue {
  send(messages: readonly RefreshMessage[]): Promise<void>;
}

/** One reading of one item at one due time: what the queue deduplicates on (at most 128 characters). */
export function deduplicationId(message: RefreshMessage): string {
  const item = message.kind === 'content' ? message.activityId : message.accountId;
  return createHash('sha256').update(`${message.kind}|${message.tenantId}|${item}|${message.dueAt}`).digest('hex');
}
