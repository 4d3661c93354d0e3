/**
 * Building blocks of the record schemas (docs/decisions.md "Records returned"): what every stored
 * record carries, and the answer of a delete. Records describe what the service returns, so they
 * check types and formats, not input limits.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { named } from './reply.ts';

/** Declared with the record schemas (shared/records/fields.ts), which use them. */
export { Instant, PerCurrency, RecordId, stored } from '../../records/fields.ts';

/** `{id, deleted: true}`: delete and unlink; `id` is the removed record's. */
export const Deleted = named(
  'Deleted',
  /* @__PURE__ */ lazySchema(() => z.object({ id: z.string(), deleted: z.literal(true) })),
);
