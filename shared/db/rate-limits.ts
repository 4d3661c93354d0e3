/**
 * Per-tenant rate limits on writes that reach people outside the service (invitation emails):
 * one counter item per tenant, action and fixed window. The counter is counted up (ADD, conditioned
 * on staying within the limit) as one more item of the transaction that does the limited write, so
 * a refused or failed write uses up nothing and concurrent writes cannot both take the last unit.
 * Old windows are removed by the table's TTL (`ttl`).
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { rateLimited } from '../domain/errors.ts';
import { tableName } from './client.ts';
import { keys } from './keys.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface RateLimit {
  /** Names the counted action in the counter's key and in the 429's detail. */
  action: string;
  /** How many a tenant may do per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * The transaction item that counts one `limit.action` of a tenant in the current window, and the
 * 429 to throw when that item's condition fails (the window is full), with Retry-After the
 * seconds until the window ends.
 */
export function countAgainst(tenantId: string, limit: RateLimit, now = Date.now()): { item: TransactItem; exceeded: () => Error } {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const windowEnd = windowStart + windowMs;
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.rateCounter(tenantId, limit.action, new Date(windowStart).toISOString()),
        UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        // Kept one window past its end: TTL deletion is lazy, and nothing reads an ended window anyway.
        ExpressionAttributeValues: { ':one': 1, ':limit': limit.limit, ':ttl': Math.floor((windowEnd + windowMs) / 1000) },
      },
    },
    exceeded: () =>
      rateLimited(
        `An organization may send at most ${limit.limit} ${limit.action} per ${limit.windowSeconds / 60} minutes, and this one has reached that limit; retry after Retry-After seconds.`,
        (windowEnd - now) / 1000,
      ),
  };
}
