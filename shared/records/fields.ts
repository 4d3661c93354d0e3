/**
 * Building blocks of the record schemas the entities declare (docs/decisions.md "Records returned"):
 * what every stored record carries, and money per currency. A record schema describes what the
 * service returns (the OpenAPI document shows it through shared/schemas/records), so it checks
 * types and formats, not input limits; records are not parsed on read (entity.ts). Built when first read
 * (lazy-schema.ts), and left out of a bundle that never reads one.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

/** ISO 8601, UTC, millisecond precision. */
export const Instant = /* @__PURE__ */ lazySchema(() => z.iso.datetime());

export const RecordId = /* @__PURE__ */ lazySchema(() => z.uuid());

/** `id`, `createdAt`, `updatedAt`: on every stored record. */
export const stored = /* @__PURE__ */ lazySchema(() => ({ id: RecordId, createdAt: Instant, updatedAt: Instant }));

/** Amounts per ISO 4217 currency code, in major units (recorded spend). */
export const PerCurrency = /* @__PURE__ */ lazySchema(() => z.record(z.string(), z.number()));

/** The records that notes and files attach to (ENTITY_TYPE / OWNER_TYPE of docs/spec/interface.md). */
export const ENTITY_TYPES = ['activity', 'campaign', 'creator'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
