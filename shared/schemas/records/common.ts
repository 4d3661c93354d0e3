/**
 * Building blocks of the record schemas (DECISIONS.md "Records returned"): what every stored
 * record carries, and the answer of a delete. Records describe what the service returns, so they
 * check types and formats, not input limits.
 */
import * as z from 'zod/mini';
import { named } from './reply.ts';

/** ISO 8601, UTC, millisecond precision. */
export const Instant = z.iso.datetime();

export const RecordId = z.uuid();

/** `id`, `createdAt`, `updatedAt`: on every stored record. */
export const stored = { id: RecordId, createdAt: Instant, updatedAt: Instant };

/** `{id, deleted: true}`: delete and unlink; `id` is the removed record's. */
export const Deleted = named('Deleted', z.object({ id: z.string(), deleted: z.literal(true) }));
