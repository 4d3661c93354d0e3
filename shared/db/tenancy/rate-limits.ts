/**
 * Rate limits on what reaches people or places outside the service (emails, webhook replays) or
 * makes more of it (tenants):
 * one counter item per counted party, action and fixed window. The counter is counted up (ADD,
 * conditioned on staying within the limit) as one more item of the transaction that does the
 * limited write, so a refused or failed write uses up nothing and concurrent writes cannot both
 * take the last unit. Old windows are removed by the table's TTL (`ttl`).
 */
import * as z from 'zod/mini';
import { rateLimited } from '../../domain/errors.ts';
import { defineEntity } from '../table/entity.ts';
import { any, compare, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import type { TransactItem } from '../table/transact.ts';

const RateCounters = defineEntity({
  name: 'The rate counter',
  schema: () =>
    z.object({
      /** How many were done in the window. */
      count: z.number(),
      /** When the table's TTL may remove it (epoch seconds). */
      ttl: z.number(),
    }),
  key: keys.rateCounter,
});

/** Who is counted: the counter's partition, and who the 429 says reached the limit. */
const COUNTED = {
  tenant: 'An organization',
  user: 'An account',
  recipient: 'An email address',
  endpoint: 'A webhook endpoint',
} as const;

export interface RateLimit {
  per: keyof typeof COUNTED;
  /** What the counted party does, and what is counted (plural; also names the counter): "send", "invitations". */
  verb: string;
  what: string;
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The limits of docs/decisions.md ("Tenants, memberships and roles"): emails anyone can make the
 * service send, per sender and per recipient across tenants, and the tenants that multiply the
 * per-tenant limit; and the exports a tenant starts and the replays an endpoint receives.
 */
export const LIMITS = {
  invitationsPerTenant: { per: 'tenant', verb: 'send', what: 'invitations', limit: 50, windowSeconds: HOUR },
  invitationsPerRecipient: { per: 'recipient', verb: 'receive', what: 'invitations', limit: 20, windowSeconds: DAY },
  emailChangesPerUser: { per: 'user', verb: 'request', what: 'email changes', limit: 5, windowSeconds: HOUR },
  emailChangeCodesPerRecipient: {
    per: 'recipient',
    verb: 'receive',
    what: 'email-change codes',
    limit: 3,
    windowSeconds: HOUR,
  },
  tenantsPerUser: { per: 'user', verb: 'create', what: 'organizations', limit: 10, windowSeconds: DAY },
  // docs/decisions.md "The service's own routes": exports are limited per tenant like every write that costs.
  exportsPerTenant: { per: 'tenant', verb: 'start', what: 'exports', limit: 50, windowSeconds: DAY },
  // docs/webhooks.md: a replay is a POST to a URL the owner chose, so one endpoint gets at most so many.
  replaysPerEndpoint: { per: 'endpoint', verb: 'receive', what: 'replays', limit: 10, windowSeconds: MINUTE },
} as const satisfies Record<string, RateLimit>;

/** One use of a limit: by the tenant id, user id, recipient address (as sent: its key normalises it) or endpoint id that `limit.per` names. */
export interface Use {
  limit: RateLimit;
  by: string;
}

const period = (seconds: number) =>
  seconds === MINUTE ? 'minute' : seconds === HOUR ? 'hour' : seconds === DAY ? 'day' : `${seconds / 60} minutes`;

/** The transaction item that counts one use in the current window; its failed condition (the window is full) is a 429. */
function countOne({ limit, by }: Use, now: number): TransactItem {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const windowEnd = windowStart + windowMs;
  const counted = {
    tenant: { tenantId: by },
    user: { userId: by },
    recipient: { recipient: by },
    endpoint: { endpointId: by },
  }[limit.per];
  return RateCounters.tx.update(
    RateCounters.key(counted, limit.what.replaceAll(' ', '-'), new Date(windowStart).toISOString()),
    // Kept one window past its end: TTL deletion is lazy, and nothing reads an ended window anyway.
    { add: { count: 1 }, set: { ttl: Math.floor((windowEnd + windowMs) / 1000) } },
    {
      condition: any(lacks('count'), compare('count', '<', limit.limit)),
      failure: () =>
        rateLimited(
          `${COUNTED[limit.per]} may ${limit.verb} at most ${limit.limit} ${limit.what} per ${period(limit.windowSeconds)}, and this one has reached that limit; retry after Retry-After seconds.`,
          (windowEnd - now) / 1000,
        ),
    },
  );
}

/**
 * The transaction items that count one action against each of its limits, to add to the
 * transaction of the limited write. Longest window first: `transact` throws the first failed
 * item's error, and windows are aligned to the epoch (a day's ends on an hour's end), so when
 * several are full Retry-After is the latest end, the one that makes a retry succeed.
 */
export function countAgainst(uses: readonly Use[], now = Date.now()): TransactItem[] {
  return [...uses].sort((a, b) => b.limit.windowSeconds - a.limit.windowSeconds).map((use) => countOne(use, now));
}
