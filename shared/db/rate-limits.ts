/**
 * Per-tenant rate limits on writes that reach people outside the service (invitation emails):
 * one counter item per tenant, action and fixed window. The counter is counted up (ADD, conditioned
 * on staying within the limit) as one more item of the transaction that does the limited write, so
 * a refused or failed write uses up nothing and concurrent writes cannot both take the last unit.
 * Old windows are removed by the table's TTL (`ttl`).
 */
import * as z from 'zod/mini';
import { rateLimited } from '../domain/errors.ts';
import { defineEntity } from './entity.ts';
import { any, compare, lacks } from './expressions.ts';
import { keys } from './keys.ts';
import type { TransactItem } from './transact.ts';

const RateCounters = defineEntity({
  name: 'The rate counter',
  schema: z.object({
    /** How many were done in the window. */
    count: z.number(),
    /** When the table's TTL may remove it (epoch seconds). */
    ttl: z.number(),
  }),
  key: keys.rateCounter,
});

export interface RateLimit {
  /** Names the counted action in the counter's key and in the 429's detail. */
  action: string;
  /** How many a tenant may do per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * The transaction item that counts one `limit.action` of a tenant in the current window; its
 * failed condition (the window is full) is a 429 whose Retry-After is the seconds until the window ends.
 */
export function countAgainst(tenantId: string, limit: RateLimit, now = Date.now()): TransactItem {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const windowEnd = windowStart + windowMs;
  return RateCounters.tx.update(
    RateCounters.key(tenantId, limit.action, new Date(windowStart).toISOString()),
    // Kept one window past its end: TTL deletion is lazy, and nothing reads an ended window anyway.
    { add: { count: 1 }, set: { ttl: Math.floor((windowEnd + windowMs) / 1000) } },
    {
      condition: any(lacks('count'), compare('count', '<', limit.limit)),
      failure: () =>
        rateLimited(
          `An organization may send at most ${limit.limit} ${limit.action} per ${limit.windowSeconds / 60} minutes, and this one has reached that limit; retry after Retry-After seconds.`,
          (windowEnd - now) / 1000,
        ),
    },
  );
}
