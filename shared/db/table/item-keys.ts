/**
 * The key of each kind of item in the single table (the table of keys.ts's header), one export
 * each. Import them as a namespace, `import * as keys from '.../table/item-keys.ts'`: esbuild then
 * keeps only the builders a function calls, where one object of them put every builder into every
 * bundle (the cold-start targets, test/bench/RESULTS.md: ~4 KB each). `keys[kind]` keeps them all, where a caller needs that.
 */
import { mailboxOf } from '../../domain/email-addresses.ts';
import {
  DUE_SHARDS,
  dayPrefix,
  nameOrder,
  tenantPk,
  type Key,
  type KeyCondition,
  type RateCounted,
  type RollupScope,
} from './keys.ts';

/** A stable shard of an id (a UUID): the sum of its character codes, so a re-write lands in the same one. */
function dueShard(id: string): number {
  let sum = 0;
  for (let i = 0; i < id.length; i++) sum += id.charCodeAt(i);
  return sum % DUE_SHARDS;
}

function countedPk(counted: RateCounted): string {
  if ('tenantId' in counted) return tenantPk(counted.tenantId);
  if ('userId' in counted) return `USER#${counted.userId}`;
  if ('endpointId' in counted) return `WEBHOOK_ENDPOINT#${counted.endpointId}`;
  return `EMAIL#${mailboxOf(counted.recipient)}`;
}

/** gsi1 keys that order a tenant's records of one kind by creation, then id (ISO timestamps are fixed-width). */
const byCreation = (tenantId: string, kind: string, createdAt: string, id: string) => ({
  gsi1pk: `${tenantPk(tenantId)}#${kind}`,
  gsi1sk: `${createdAt}#${id}`,
});

export const user = (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
/** Uniqueness claim on an email address (case-insensitive), written in the same transaction as the user. */
export const emailClaim = (email: string): Key => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'CLAIM' });
export const settings = (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'SETTINGS' });
export const emailChange = (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'EMAIL_CHANGE' });
export const deletionRequest = (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'DELETION' });

export const tenant = (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'TENANT' });
/** The tenant's stored aggregate metrics, kept current by writes; read by lists and reporting. */
export const tenantAggregate = (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'AGGREGATE' });
/** Every item of a tenant (organization delete). */
export const tenantPartition = (tenantId: string) => ({ pk: tenantPk(tenantId) });
/** gsi3: tenants whose permanent deletion has started and not finished (for the sweeper job). */
export const tenantsBeingDeleted = () => ({ gsi3pk: 'TENANTS_DELETING' });
/** Pointer to the shared demo tenant, created on first use. */
export const demoTenant = (): Key => ({ pk: 'DEMO', sk: 'TENANT' });
/** The organization's current checkout attempt: what makes a retried checkout request reuse its Stripe session. */
export const checkoutAttempt = (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'CHECKOUT' });
/** A Stripe webhook event already applied (each event id is applied once). */
export const stripeEvent = (eventId: string): Key => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' });

export const membership = (tenantId: string, userId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `MEMBER#${userId}`,
});
/** gsi1: the memberships of one user, across tenants. */
export const membershipByUser = (userId: string, tenantId: string) => ({
  gsi1pk: `USER#${userId}`,
  gsi1sk: tenantPk(tenantId),
});
export const invitation = (tenantId: string, email: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `INVITE#${email.toLowerCase()}`,
});
/** gsi2: the invitations sent to one address, across tenants. */
export const invitationByEmail = (email: string, tenantId: string) => ({
  gsi2pk: `INVITE#${email.toLowerCase()}`,
  gsi2sk: tenantPk(tenantId),
});
/**
 * Where a record addressed by id alone (`/v1/creators/:id`) lives: its tenant and key, written in
 * the same transaction as the record, read with one strongly consistent GetItem.
 */
export const recordPointer = (recordId: string): Key => ({ pk: `ID#${recordId}`, sk: 'ID' });

export const creator = (tenantId: string, creatorId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `CREATOR#${creatorId}`,
});
/**
 * gsi1 by creation and gsi2 by name (rewritten with every name change): the creators list's
 * orders. The own-brand record carries neither: the list leaves it out unless asked for it.
 */
export const creatorByCreation = (tenantId: string, createdAt: string, creatorId: string) =>
  byCreation(tenantId, 'CREATORS', createdAt, creatorId);
export const creatorByName = (tenantId: string, name: string, creatorId: string) => ({
  gsi2pk: `${tenantPk(tenantId)}#CREATORS_BY_NAME`,
  gsi2sk: nameOrder(name, creatorId),
});
/**
 * gsi7 by impressions, gsi8 by engagement and gsi9 by spend in the tenant's currency
 * (table-definition.ts): their sort keys are the creator's own counters, so only the partition
 * key is written (not the own brand).
 */
export const creatorByFigures = (tenantId: string) => ({
  creatorFiguresPk: `${tenantPk(tenantId)}#CREATORS_BY_FIGURES`,
});
/**
 * gsi5 (the compact projection, `COMPACT_ATTRIBUTES`): every creator of the tenant, own brand
 * included, as a small entry for the lists and stats no key orders (metric sorts, role, dates).
 */
export const creatorCompact = (tenantId: string, creatorId: string) => ({
  gsi5pk: `${tenantPk(tenantId)}#CREATORS_COMPACT`,
  gsi5sk: creatorId,
});
/**
 * gsi6 (the search projection, `CREATOR_SEARCH_ATTRIBUTES`): every creator of the tenant, own
 * brand included, with the fields a search matches (name, email, notes), for the searched list and stats.
 */
export const creatorSearch = (tenantId: string, creatorId: string) => ({
  gsi6pk: `${tenantPk(tenantId)}#CREATORS_SEARCH`,
  gsi6sk: creatorId,
});
/** How many of the tenant's creators have each role (`own_brand`, a role, or `none`), moved with every create, role change and delete. */
export const creatorRoles = (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'CREATOR_ROLES' });
/** One own-brand creator per workspace: a claim written with it, conditionally. */
export const ownBrand = (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'OWN_BRAND' });
export const socialAccount = (tenantId: string, creatorId: string, accountId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `CREATOR#${creatorId}#SOCIAL#${accountId}`,
});
/** One account per canonical profile and creator: a claim written with the account. */
export const socialAccountClaim = (tenantId: string, creatorId: string, platform: string, profileUrl: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `CREATOR#${creatorId}#SOCIAL_CLAIM#${platform}#${profileUrl.toLowerCase()}`,
});

export const activity = (tenantId: string, activityId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `ACTIVITY#${activityId}`,
});
/** gsi1: the tenant's activities by creation (written with the activity; createdAt never changes). */
export const activityByCreation = (tenantId: string, createdAt: string, activityId: string) =>
  byCreation(tenantId, 'ACTIVITIES', createdAt, activityId);
/** gsi2: the tenant's activities by name, then id (rewritten with every name change): the list sorted by name. */
export const activityByName = (tenantId: string, name: string, activityId: string) => ({
  gsi2pk: `${tenantPk(tenantId)}#ACTIVITIES_BY_NAME`,
  gsi2sk: nameOrder(name, activityId),
});
/**
 * gsi3: the activities of one channel by creation (the partition rewritten with every channel
 * change; the sort key is the creation one): the list filtered by channel.
 */
export const activityOfChannel = (tenantId: string, channel: string) => ({
  gsi3pk: `${tenantPk(tenantId)}#ACTIVITIES#CHANNEL#${channel}`,
});
export const activityOfChannelOrder = (createdAt: string, activityId: string) => ({
  gsi3sk: `${createdAt}#${activityId}`,
});
/** gsi5 (the compact projection, `COMPACT_ATTRIBUTES`): every activity of the tenant as a small entry, for the lists and stats no key orders or counts. */
export const activityCompact = (tenantId: string, activityId: string) => ({
  gsi5pk: `${tenantPk(tenantId)}#ACTIVITIES_COMPACT`,
  gsi5sk: activityId,
});
/**
 * gsi6 (which projects the keys and `CREATOR_SEARCH_ATTRIBUTES` only): the tenant's activities by
 * the instant each ran, its start or else its creation (the day rule of costs), rewritten with
 * every start change: the activities that ran in a range are found without reading the others
 * (`activitiesRunBetween`).
 */
export const activityByRun = (tenantId: string, ranAt: string, activityId: string) => ({
  gsi6pk: `${tenantPk(tenantId)}#ACTIVITIES_BY_RUN`,
  gsi6sk: `${ranAt}#${activityId}`,
});
/** How many of the tenant's activities are on each channel, moved in the same transaction as every create, delete and channel change. */
export const activityChannels = (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'ACTIVITY_CHANNELS' });
/** The link of a creator to an activity; gsi2 lists a creator's activities. */
export const activityCreator = (tenantId: string, activityId: string, creatorId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `ACTIVITY#${activityId}#CREATOR#${creatorId}`,
});
export const activityOfCreator = (tenantId: string, creatorId: string, activityId: string) => ({
  gsi2pk: `${tenantPk(tenantId)}#CREATOR#${creatorId}`,
  gsi2sk: `ACTIVITY#${activityId}`,
});
/** A campaign; its stored aggregate (activities, costs, spend) moves with links and cost writes. */
export const campaign = (tenantId: string, campaignId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `CAMPAIGN#${campaignId}`,
});
/** The association of an activity with a campaign (its own id, `campaignActivityId`, has a pointer). */
export const campaignActivity = (tenantId: string, campaignId: string, activityId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `CAMPAIGN_ACTIVITY#${campaignId}#${activityId}`,
});
export const cost = (tenantId: string, costId: string): Key => ({ pk: tenantPk(tenantId), sk: `COST#${costId}` });
/** gsi1: the tenant's costs by creation (written with every put of the cost; createdAt never changes). */
export const costByCreation = (tenantId: string, createdAt: string, costId: string) =>
  byCreation(tenantId, 'COSTS', createdAt, costId);
/** gsi2: the costs attributed to a creator (a partition of their own, apart from its activity links). */
export const costOfCreator = (tenantId: string, creatorId: string, costId: string) => ({
  gsi2pk: `${tenantPk(tenantId)}#CREATOR_COSTS#${creatorId}`,
  gsi2sk: `COST#${costId}`,
});
/** gsi3: the costs of an activity (its startAt moves their spend between days). */
export const costOfActivity = (tenantId: string, activityId: string, costId: string) => ({
  gsi3pk: `${tenantPk(tenantId)}#ACTIVITY_COSTS#${activityId}`,
  gsi3sk: `COST#${costId}`,
});
/** gsi5 (the compact projection, `COMPACT_ATTRIBUTES`): every cost of the tenant as a small entry, for the cost lists no key orders (by amount, searched, by category). */
export const costCompact = (tenantId: string, costId: string) => ({
  gsi5pk: `${tenantPk(tenantId)}#COSTS_COMPACT`,
  gsi5sk: costId,
});
/** How many of the tenant's costs have each type label (GET /v1/costs/types), moved in the same transaction as every create, delete and type change. */
export const costTypes = (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'COST_TYPES' });

export const expenseCategory = (tenantId: string, categoryId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `CATEGORY#${categoryId}`,
});
/** Unique category names per organization, case-insensitive. */
export const expenseCategoryName = (tenantId: string, name: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `CATEGORY_NAME#${name.trim().toLowerCase()}`,
});

/** A note on an activity, campaign or creator: the entity's notes sort by creation, the (time-ordered) id breaking ties. */
export const note = (
  tenantId: string,
  entityType: string,
  entityId: string,
  createdAt: string,
  noteId: string,
): Key => ({
  pk: tenantPk(tenantId),
  sk: `NOTE#${entityType}#${entityId}#${createdAt}#${noteId}`,
});
/** A text file of an activity, campaign or creator: the owner's files sort by creation, the (time-ordered) id breaking ties. */
export const file = (tenantId: string, ownerType: string, ownerId: string, createdAt: string, fileId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `FILE#${ownerType}#${ownerId}#${createdAt}#${fileId}`,
});
export const outcomeDefinition = (tenantId: string, definitionId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `OUTCOME_DEF#${definitionId}`,
});
/** A reported outcome measurement of a campaign; its claims sort right after it (same prefix). */
export const outcomeMeasurement = (tenantId: string, campaignId: string, measurementId: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `OUTCOME#${campaignId}#MEASUREMENT#${measurementId}`,
});
/** One evidence claim of a measurement, numbered from 1 in the order written. */
export const outcomeClaim = (tenantId: string, campaignId: string, measurementId: string, seq: number): Key => ({
  pk: tenantPk(tenantId),
  sk: `OUTCOME#${campaignId}#MEASUREMENT#${measurementId}#CLAIM#${String(seq).padStart(6, '0')}`,
});

/** One window's count of a limited action (rate-limits.ts), in the partition of who is counted: a recipient by its mailbox. */
export const rateCounter = (counted: RateCounted, action: string, windowStart: string): Key => ({
  pk: countedPk(counted),
  sk: `RATE#${action}#${windowStart}`,
});

/** One metric snapshot of an activity: the last reading of one hour (UTC `YYYY-MM-DDTHH`). */
export const snapshot = (tenantId: string, activityId: string, hour: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `SNAPSHOT#${activityId}#${hour}`,
});
/** One day of a scope's rollup (the tenant's own scope id is the tenant id). */
export const dayRollup = (tenantId: string, scope: RollupScope, date: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `${dayPrefix(tenantId, scope)}${date}`,
});
/** An activity's sparkline bucket: its days' figures from `start` (the bucket's first date; sparkline-buckets.ts). */
export const sparklineBucket = (tenantId: string, activityId: string, start: string): Key => ({
  pk: tenantPk(tenantId),
  sk: `SPARKLINE#${activityId}#${start}`,
});
/**
 * gsi4 (sparse, keys only): the metric refresh's due index. A tracked activity (connected content
 * link) carries it; the dispatcher reads each shard's entries due by now. Sharded by the item's
 * id so no one index partition takes every write of the refresh.
 */
export const metricsDue = (tenantId: string, itemId: string, dueAt: string) => ({
  gsi4pk: `METRICS_DUE#${dueShard(itemId)}`,
  gsi4sk: `${dueAt}#${tenantId}#${itemId}`,
});
export const outboxEmail = (sentAt: string, id: string): Key => ({ pk: 'OUTBOX', sk: `${sentAt}#${id}` });
/** The outbox partition (the stream's delivery mapping filters on it): every email, by when it was sent. */
export const outbox = (): KeyCondition => ({ index: 'table', pk: 'OUTBOX' });

/**
 * A report link (docs/decisions.md "Report links"), in a partition named by the SHA-256 of its token, so
 * that the page finds it with one GetItem of a key the token alone gives, and the page function's
 * one write may be limited to keys `REPORT_LINK#*` (infra/report-page-access.ts).
 */
export const reportLink = (tokenHash: string): Key => ({ pk: `REPORT_LINK#${tokenHash}`, sk: 'LINK' });
/** gsi1: a tenant's report links by creation (the list's order). */
export const reportLinkByCreation = (tenantId: string, createdAt: string, linkId: string) =>
  byCreation(tenantId, 'REPORT_LINKS', createdAt, linkId);
/** How many report links the tenant has stored, moved in the transaction of every create and delete (the cap's counter). */
export const reportLinkCount = (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'REPORT_LINKS' });
