/**
 * Every key shape of the single table, declared once per entity. Repositories build keys only
 * through these; the table's indexes are declared in `table-definition.ts`.
 *
 * Everything a tenant owns lives in its partition `TENANT#<tenantId>`, so one query finds all of
 * it (organization delete) and no query can cross tenants.
 *
 * The key conditions of the access patterns (collections `*Of*`, orders `*By*`, ranges) are in
 * collections.ts; a collection names the kinds of item it holds, and query.ts returns those kinds
 * only, told apart by the whole sort key (`SORT_KEYS`), since kinds share prefixes.
 *
 * | entity           | pk                | sk              | gsi1pk / gsi1sk                    | gsi2pk / gsi2sk                  |
 * |------------------|-------------------|-----------------|------------------------------------|----------------------------------|
 * | user             | USER#<userId>     | PROFILE         |                                    |                                  |
 * | email claim      | EMAIL#<lower>     | CLAIM           |                                    |                                  |
 * | settings         | USER#<userId>     | SETTINGS        |                                    |                                  |
 * | email change     | USER#<userId>     | EMAIL_CHANGE    |                                    |                                  |
 * | deletion request | USER#<userId>     | DELETION        |                                    |                                  |
 * | tenant           | TENANT#<id>       | TENANT          |                                    |                                  |
 *   (a tenant being deleted also carries gsi3pk TENANTS_DELETING / gsi3sk <deletingAt>#<id>)
 * | tenant aggregate | TENANT#<id>       | AGGREGATE       |                                    |                                  |
 * | membership       | TENANT#<id>       | MEMBER#<userId> | USER#<userId> / TENANT#<id>        |                                  |
 * | invitation       | TENANT#<id>       | INVITE#<lower>  |                                    | INVITE#<lower> / TENANT#<id>     |
 * | demo tenant      | DEMO              | TENANT          |                                    |                                  |
 * | checkout attempt | TENANT#<id>       | CHECKOUT (the nonce of the Stripe idempotency key; billing.ts) |        |                                  |
 * | Stripe event     | STRIPE_EVENT#<id> | EVENT (an applied webhook event; `ttl` removes it)   |                                  |
 * | record pointer   | ID#<recordId>     | ID              |                                    |                                  |
 * | creator          | TENANT#<id>       | CREATOR#<cid>   | TENANT#<id>#CREATORS / <createdAt>#<cid> (not the own brand) | gsi2: TENANT#<id>#CREATORS_BY_NAME / <name order>\u0001<cid> (not the own brand) |
 *   (every creator also carries gsi5pk TENANT#<id>#CREATORS_COMPACT / gsi5sk <cid>: the compact projection,
 *   and gsi6pk TENANT#<id>#CREATORS_SEARCH / gsi6sk <cid>: the search projection; every creator but the own
 *   brand carries creatorFiguresPk TENANT#<id>#CREATORS_BY_FIGURES, its partition on gsi7 / impressions and
 *   gsi8 / engagement, Number sort keys that are its own counters)
 * | creator roles    | TENANT#<id>       | CREATOR_ROLES (one counter per role: the list's facet and total) |   |
 * | own-brand claim  | TENANT#<id>       | OWN_BRAND       |                                    |                                  |
 * | social account   | TENANT#<id>       | CREATOR#<cid>#SOCIAL#<accountId> |                   |                                  |
 * | social claim     | TENANT#<id>       | CREATOR#<cid>#SOCIAL_CLAIM#<platform>#<profile> (uniqueness) |      |                                  |
 * | activity         | TENANT#<id>       | ACTIVITY#<aid>  | TENANT#<id>#ACTIVITIES / <createdAt>#<aid> (newest first) | gsi2: TENANT#<id>#ACTIVITIES_BY_NAME / <name order>\u0001<aid> | gsi3: TENANT#<id>#ACTIVITIES#CHANNEL#<channel> / <createdAt>#<aid> |
 *   (every activity also carries gsi5pk TENANT#<id>#ACTIVITIES_COMPACT / gsi5sk <aid>: the compact projection,
 *   and gsi6pk TENANT#<id>#ACTIVITIES_BY_RUN / gsi6sk <startAt, else createdAt>#<aid>: the activities run in a range)
 * | activity channels| TENANT#<id>       | ACTIVITY_CHANNELS (one counter per channel: the list's facet and total) |  |
 * | activity creator | TENANT#<id>       | ACTIVITY#<aid>#CREATOR#<cid> |  | gsi2: TENANT#<id>#CREATOR#<cid> / ACTIVITY#<aid> |
 * | campaign         | TENANT#<id>       | CAMPAIGN#<cid>  |                                    |                                  |
 * | campaign link    | TENANT#<id>       | CAMPAIGN_ACTIVITY#<cid>#<aid> (an activity in a campaign; one per activity) |      |
 * | cost             | TENANT#<id>       | COST#<costId>   | TENANT#<id>#COSTS / <createdAt>#<costId> (newest first) | gsi2 (attributed): TENANT#<id>#CREATOR_COSTS#<cid> / COST#<costId> | gsi3: TENANT#<id>#ACTIVITY_COSTS#<aid> / COST#<costId> |
 *   (every cost also carries gsi5pk TENANT#<id>#COSTS_COMPACT / gsi5sk <costId>: the compact projection)
 * | cost types       | TENANT#<id>       | COST_TYPES (one counter per type label: GET /v1/costs/types) |   |
 * | expense category | TENANT#<id>       | CATEGORY#<catId>|                                    |                                  |
 * | category name    | TENANT#<id>       | CATEGORY_NAME#<lower name> (uniqueness claim)       |                                  |
 * | note             | TENANT#<id>       | NOTE#<entityType>#<entityId>#<createdAt>#<noteId> (an entity's notes, newest first) |  |
 * | outcome def.     | TENANT#<id>       | OUTCOME_DEF#<defId> |                                |                                  |
 * | outcome measure. | TENANT#<id>       | OUTCOME#<campaignId>#MEASUREMENT#<mId> (a campaign's measurements) |   |
 * | outcome claim    | TENANT#<id>       | OUTCOME#<campaignId>#MEASUREMENT#<mId>#CLAIM#<seq, 6 digits> (a measurement's evidence history) | |
 * | file             | TENANT#<id>       | FILE#<ownerType>#<ownerId>#<createdAt>#<fileId> (an owner's files, newest first; `s3Key` names the object) | |
 * | rate counter     | TENANT#<id>, USER#<userId> or EMAIL#<mailbox> (who is counted) | RATE#<action>#<windowStart ISO> (`count` of one window; `ttl` removes it) | |
 * | snapshot         | TENANT#<id>       | SNAPSHOT#<aid>#<YYYY-MM-DDTHH> (an activity's readings, one per hour; snapshots.ts) | |
 * | day rollup       | TENANT#<id>       | DAY#<TENANT|CAMPAIGN|CREATOR|ACTIVITY>#<scopeId>#<YYYY-MM-DD> (a scope's figures of one day; day-rollups.ts) | |
 * | sparkline bucket | TENANT#<id>       | SPARKLINE#<aid>#<YYYY-MM-DD> (an activity's daily figures of the 30 days from that date; sparkline-buckets.ts) | |
 * | OAuth state      | ANALYTICS_STATE#<state> | STATE (single use; `ttl` removes it) |                     |                                  |
 * | analytics conn.  | TENANT#<id>       | ANALYTICS       | ANALYTICS_CONNECTED / <id> (while connected) |                        |
 * | analytics day    | TENANT#<id>       | ANALYTICS_DAY#<date> (analytics.ts: web analytics) |                    |                                  |
 * | HDYHAU answer    | TENANT#<id>       | ANALYTICS_HDYHAU#<date>#<sha256 of dimension and raw value> |           |                                  |
 * | signal           | TENANT#<id>       | ANALYTICS_SIGNAL#<signalId> |                        |                                  |
 * | signal day       | TENANT#<id>       | ANALYTICS_SIGNAL_DAY#<date>#<signalId> |             |                                  |
 * | HDYHAU mapping   | TENANT#<id>       | ANALYTICS_MAP#<sha256 of dimension and raw value> |  |                                  |
 *
 * Stored aggregates (counts, spend per currency, metric totals) are attributes of the record they
 * describe (creator, activity, category) or of the tenant's AGGREGATE item, changed with ADD in the
 * same transaction as the write that changes them, so reporting reads them and never scans.
 * | outbox email     | OUTBOX            | <sentAt>#<id>   |                                    |                                  |
 * | released object  | RELEASED_OBJECTS  | <bucket role>#<object key> (an object a deletion released; the object sweep deletes it, then this) | |
 * | webhook endpoint | TENANT#<id>       | WEBHOOK#<endpointId> (webhookKeys)  |                        |                                  |
 * | webhook delivery | TENANT#<id>       | WEBHOOK_DELIVERY#<endpointId>#<event timestamp>#<deliveryId> (an endpoint's log, newest first) | |
 *
 * A tracked activity (connected content link) also carries gsi4pk METRICS_DUE#<shard 0-9> / gsi4sk
 * <nextFetchAt>#<tenantId>#<activityId> (the metric refresh's due index; keys.metricsDue).
 * A campaign whose status time will move carries gsi4pk CAMPAIGN_STATUS_DUE / gsi4sk
 * <instant of that move>#<tenantId>#<campaignId> (the status sweep's due index; campaignStatusKeys).
 */

import { mailboxOf } from '../../domain/email-addresses.ts';
import type { IndexName } from './table-definition.ts';

/** How many partitions the due index spreads over (keys.metricsDue). */
export const DUE_SHARDS = 10;

/** A stable shard of an id (a UUID): the sum of its character codes, so a re-write lands in the same one. */
function dueShard(id: string): number {
  let sum = 0;
  for (let i = 0; i < id.length; i++) sum += id.charCodeAt(i);
  return sum % DUE_SHARDS;
}

export interface Key {
  pk: string;
  sk: string;
}

/**
 * The whole sort key of every kind of item a collection query reads, anchored at both ends. Kinds
 * share prefixes (`CREATOR#<cid>` and `CREATOR#<cid>#SOCIAL#...`, `ACTIVITY#<aid>` and its creator
 * links, a measurement and its claims), so a query tells them apart by these shapes — never by what
 * its prefix happens to leave out. Ids never contain `#`; free text (a profile URL) only ends a key.
 */
export const SORT_KEYS = {
  membership: /^MEMBER#[^#]+$/,
  creator: /^CREATOR#[^#]+$/,
  socialAccount: /^CREATOR#[^#]+#SOCIAL#[^#]+$/,
  socialAccountClaim: /^CREATOR#[^#]+#SOCIAL_CLAIM#[^#]+#.+$/,
  activity: /^ACTIVITY#[^#]+$/,
  activityCreator: /^ACTIVITY#[^#]+#CREATOR#[^#]+$/,
  campaign: /^CAMPAIGN#[^#]+$/,
  campaignActivity: /^CAMPAIGN_ACTIVITY#[^#]+#[^#]+$/,
  cost: /^COST#[^#]+$/,
  expenseCategory: /^CATEGORY#[^#]+$/,
  note: /^NOTE#[^#]+#[^#]+#[^#]+#[^#]+$/,
  file: /^FILE#[^#]+#[^#]+#[^#]+#[^#]+$/,
  outcomeDefinition: /^OUTCOME_DEF#[^#]+$/,
  outcomeMeasurement: /^OUTCOME#[^#]+#MEASUREMENT#[^#]+$/,
  outcomeClaim: /^OUTCOME#[^#]+#MEASUREMENT#[^#]+#CLAIM#\d{6}$/,
  dayRollup: /^DAY#(TENANT|CAMPAIGN|CREATOR|ACTIVITY)#[^#]+#\d{4}-\d{2}-\d{2}$/,
  snapshot: /^SNAPSHOT#[^#]+#\d{4}-\d{2}-\d{2}T\d{2}$/,
  sparklineBucket: /^SPARKLINE#[^#]+#\d{4}-\d{2}-\d{2}$/,
  webhookEndpoint: /^WEBHOOK#[^#]+$/,
  webhookDelivery: /^WEBHOOK_DELIVERY#[^#]+#[^#]+#[^#]+$/,
} as const satisfies Record<string, RegExp>;

export type Entity = keyof typeof SORT_KEYS;

/** Whether a stored item is of this kind (by its whole sort key). */
export function isEntity(item: Record<string, unknown>, entity: Entity): boolean {
  return typeof item.sk === 'string' && SORT_KEYS[entity].test(item.sk);
}

/**
 * A key condition: the partition of the table (`index: 'table'`, on pk / sk) or of a global index
 * (on its own key attributes, table-definition.ts) to read, and the range of its sort key: every item
 * (no `sk`), a prefix, an inclusive range, or everything before a value. `entities`: the kinds of
 * item kept (by their whole table sort key, `SORT_KEYS`), when others share the range. The query
 * layer (query.ts) renders it; an entity names the ones it answers (`defineEntity`'s `queries`).
 */
export interface KeyCondition {
  index: 'table' | IndexName;
  pk: string;
  sk?: SortCondition;
  entities?: readonly Entity[];
}

export type SortCondition = { beginsWith: string } | { between: readonly [string, string] } | { before: string };

/** The items of one partition under a sort-key prefix that a query wants: of these kinds only. */
export interface Collection extends KeyCondition {
  index: 'table';
  sk: { beginsWith: string };
  entities: readonly Entity[];
}

export const collection = (pk: string, skPrefix: string, ...entities: Entity[]): Collection => ({ index: 'table', pk, sk: { beginsWith: skPrefix }, entities });

/** The items of one index partition that a query wants: of these kinds only (by their table sort key). */
export interface IndexCollection extends KeyCondition {
  index: 'gsi2' | 'gsi3' | 'gsi5' | 'gsi6';
  entities: readonly Entity[];
}

/**
 * An index partition read in its sort-key order: on gsi1 `<createdAt>#<id>` (a list's default
 * order, ties broken by id as `sortRecords` does), on gsi2 and gsi3 the other orders a list keeps
 * in a key (`activitiesByName`, `activitiesOfChannel`); on gsi7 and gsi8 a creator's impressions and
 * engagement counters (ties in an order DynamoDB keeps, not by id). Their partition keys
 * (`TENANT#<id>#<KIND>...`) never meet the other entities' on the same index (`USER#<userId>`,
 * `TENANT#<id>#CREATOR#<cid>`), so one index serves several.
 */
export interface OrderedIndex extends KeyCondition {
  index: 'gsi1' | 'gsi2' | 'gsi3' | 'gsi7' | 'gsi8' | 'gsi9';
}

/**
 * A name as a sort key orders it: accents stripped and lower-cased (the case- and accent-blind
 * comparison `sortRecords` makes), then code-point order. Letters, digits and spaces sort as
 * `sortRecords` sorts them; names differing only in ASCII symbols may order differently.
 * U+0001 (which no one-line text may hold) ends the name, so a name sorts before its extensions.
 */
export function nameOrder(name: string, id: string): string {
  return `${name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}\u0001${id}`;
}

export const tenantPk = (tenantId: string) => `TENANT#${tenantId}`;

/** The scope of a day rollup: the tenant's own (its scope id is the tenant id), or one record's. */
export type RollupScope = { kind: 'tenant' } | { kind: 'campaign' | 'creator' | 'activity'; id: string };

/** The sort-key prefix of a scope's days. */
export const dayPrefix = (tenantId: string, scope: RollupScope) => `DAY#${scope.kind.toUpperCase()}#${scope.kind === 'tenant' ? tenantId : scope.id}#`;

/** Who a rate counter counts: a tenant, a user (a sender), or a recipient address. */
export type RateCounted = { tenantId: string } | { userId: string } | { recipient: string };

function countedPk(counted: RateCounted): string {
  if ('tenantId' in counted) return tenantPk(counted.tenantId);
  if ('userId' in counted) return `USER#${counted.userId}`;
  return `EMAIL#${mailboxOf(counted.recipient)}`;
}

/** gsi1 keys that order a tenant's records of one kind by creation, then id (ISO timestamps are fixed-width). */
const byCreation = (tenantId: string, kind: string, createdAt: string, id: string) => ({ gsi1pk: `${tenantPk(tenantId)}#${kind}`, gsi1sk: `${createdAt}#${id}` });
export const creationOrder = (tenantId: string, kind: string): OrderedIndex => ({ index: 'gsi1', pk: `${tenantPk(tenantId)}#${kind}` });

export const keys = {
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** Uniqueness claim on an email address (case-insensitive), written in the same transaction as the user. */
  emailClaim: (email: string): Key => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'CLAIM' }),
  settings: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'SETTINGS' }),
  emailChange: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'EMAIL_CHANGE' }),
  deletionRequest: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'DELETION' }),

  tenant: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'TENANT' }),
  /** The tenant's stored aggregate metrics, kept current by writes; read by lists and reporting. */
  tenantAggregate: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'AGGREGATE' }),
  /** Every item of a tenant (organization delete). */
  tenantPartition: (tenantId: string) => ({ pk: tenantPk(tenantId) }),
  /** gsi3: tenants whose permanent deletion has started and not finished (for the sweeper job). */
  tenantsBeingDeleted: () => ({ gsi3pk: 'TENANTS_DELETING' }),
  /** Pointer to the shared demo tenant, created on first use. */
  demoTenant: (): Key => ({ pk: 'DEMO', sk: 'TENANT' }),
  /** The organization's current checkout attempt: what makes a retried checkout request reuse its Stripe session. */
  checkoutAttempt: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'CHECKOUT' }),
  /** A Stripe webhook event already applied (each event id is applied once). */
  stripeEvent: (eventId: string): Key => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' }),

  membership: (tenantId: string, userId: string): Key => ({ pk: tenantPk(tenantId), sk: `MEMBER#${userId}` }),
  /** gsi1: the memberships of one user, across tenants. */
  membershipByUser: (userId: string, tenantId: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: tenantPk(tenantId) }),
  invitation: (tenantId: string, email: string): Key => ({ pk: tenantPk(tenantId), sk: `INVITE#${email.toLowerCase()}` }),
  /** gsi2: the invitations sent to one address, across tenants. */
  invitationByEmail: (email: string, tenantId: string) => ({ gsi2pk: `INVITE#${email.toLowerCase()}`, gsi2sk: tenantPk(tenantId) }),
  /**
   * Where a record addressed by id alone (`/v1/creators/:id`) lives: its tenant and key, written in
   * the same transaction as the record, read with one strongly consistent GetItem.
   */
  recordPointer: (recordId: string): Key => ({ pk: `ID#${recordId}`, sk: 'ID' }),

  creator: (tenantId: string, creatorId: string): Key => ({ pk: tenantPk(tenantId), sk: `CREATOR#${creatorId}` }),
  /**
   * gsi1 by creation and gsi2 by name (rewritten with every name change): the creators list's
   * orders. The own-brand record carries neither: the list leaves it out unless asked for it.
   */
  creatorByCreation: (tenantId: string, createdAt: string, creatorId: string) => byCreation(tenantId, 'CREATORS', createdAt, creatorId),
  creatorByName: (tenantId: string, name: string, creatorId: string) => ({ gsi2pk: `${tenantPk(tenantId)}#CREATORS_BY_NAME`, gsi2sk: nameOrder(name, creatorId) }),
  /**
   * gsi7 by impressions, gsi8 by engagement and gsi9 by spend in the tenant's currency
   * (table-definition.ts): their sort keys are the creator's own counters, so only the partition
   * key is written (not the own brand).
   */
  creatorByFigures: (tenantId: string) => ({ creatorFiguresPk: `${tenantPk(tenantId)}#CREATORS_BY_FIGURES` }),
  /**
   * gsi5 (the compact projection, `COMPACT_ATTRIBUTES`): every creator of the tenant, own brand
   * included, as a small entry for the lists and stats no key orders (metric sorts, role, dates).
   */
  creatorCompact: (tenantId: string, creatorId: string) => ({ gsi5pk: `${tenantPk(tenantId)}#CREATORS_COMPACT`, gsi5sk: creatorId }),
  /**
   * gsi6 (the search projection, `CREATOR_SEARCH_ATTRIBUTES`): every creator of the tenant, own
   * brand included, with the fields a search matches (name, email, notes), for the searched list and stats.
   */
  creatorSearch: (tenantId: string, creatorId: string) => ({ gsi6pk: `${tenantPk(tenantId)}#CREATORS_SEARCH`, gsi6sk: creatorId }),
  /** How many of the tenant's creators have each role (`own_brand`, a role, or `none`), moved with every create, role change and delete. */
  creatorRoles: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'CREATOR_ROLES' }),
  /** One own-brand creator per workspace: a claim written with it, conditionally. */
  ownBrand: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'OWN_BRAND' }),
  socialAccount: (tenantId: string, creatorId: string, accountId: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `CREATOR#${creatorId}#SOCIAL#${accountId}`,
  }),
  /** One account per canonical profile and creator: a claim written with the account. */
  socialAccountClaim: (tenantId: string, creatorId: string, platform: string, profileUrl: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `CREATOR#${creatorId}#SOCIAL_CLAIM#${platform}#${profileUrl.toLowerCase()}`,
  }),

  activity: (tenantId: string, activityId: string): Key => ({ pk: tenantPk(tenantId), sk: `ACTIVITY#${activityId}` }),
  /** gsi1: the tenant's activities by creation (written with the activity; createdAt never changes). */
  activityByCreation: (tenantId: string, createdAt: string, activityId: string) => byCreation(tenantId, 'ACTIVITIES', createdAt, activityId),
  /** gsi2: the tenant's activities by name, then id (rewritten with every name change): the list sorted by name. */
  activityByName: (tenantId: string, name: string, activityId: string) => ({ gsi2pk: `${tenantPk(tenantId)}#ACTIVITIES_BY_NAME`, gsi2sk: nameOrder(name, activityId) }),
  /**
   * gsi3: the activities of one channel by creation (the partition rewritten with every channel
   * change; the sort key is the creation one): the list filtered by channel.
   */
  activityOfChannel: (tenantId: string, channel: string) => ({ gsi3pk: `${tenantPk(tenantId)}#ACTIVITIES#CHANNEL#${channel}` }),
  activityOfChannelOrder: (createdAt: string, activityId: string) => ({ gsi3sk: `${createdAt}#${activityId}` }),
  /** gsi5 (the compact projection, `COMPACT_ATTRIBUTES`): every activity of the tenant as a small entry, for the lists and stats no key orders or counts. */
  activityCompact: (tenantId: string, activityId: string) => ({ gsi5pk: `${tenantPk(tenantId)}#ACTIVITIES_COMPACT`, gsi5sk: activityId }),
  /**
   * gsi6 (which projects the keys and `CREATOR_SEARCH_ATTRIBUTES` only): the tenant's activities by
   * the instant each ran, its start or else its creation (the day rule of costs), rewritten with
   * every start change: the activities that ran in a range are found without reading the others
   * (`activitiesRunBetween`).
   */
  activityByRun: (tenantId: string, ranAt: string, activityId: string) => ({ gsi6pk: `${tenantPk(tenantId)}#ACTIVITIES_BY_RUN`, gsi6sk: `${ranAt}#${activityId}` }),
  /** How many of the tenant's activities are on each channel, moved in the same transaction as every create, delete and channel change. */
  activityChannels: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'ACTIVITY_CHANNELS' }),
  /** The link of a creator to an activity; gsi2 lists a creator's activities. */
  activityCreator: (tenantId: string, activityId: string, creatorId: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `ACTIVITY#${activityId}#CREATOR#${creatorId}`,
  }),
  activityOfCreator: (tenantId: string, creatorId: string, activityId: string) => ({
    gsi2pk: `${tenantPk(tenantId)}#CREATOR#${creatorId}`,
    gsi2sk: `ACTIVITY#${activityId}`,
  }),
  /** A campaign; its stored aggregate (activities, costs, spend) moves with links and cost writes. */
  campaign: (tenantId: string, campaignId: string): Key => ({ pk: tenantPk(tenantId), sk: `CAMPAIGN#${campaignId}` }),
  /** The association of an activity with a campaign (its own id, `campaignActivityId`, has a pointer). */
  campaignActivity: (tenantId: string, campaignId: string, activityId: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `CAMPAIGN_ACTIVITY#${campaignId}#${activityId}`,
  }),
  cost: (tenantId: string, costId: string): Key => ({ pk: tenantPk(tenantId), sk: `COST#${costId}` }),
  /** gsi1: the tenant's costs by creation (written with every put of the cost; createdAt never changes). */
  costByCreation: (tenantId: string, createdAt: string, costId: string) => byCreation(tenantId, 'COSTS', createdAt, costId),
  /** gsi2: the costs attributed to a creator (a partition of their own, apart from its activity links). */
  costOfCreator: (tenantId: string, creatorId: string, costId: string) => ({ gsi2pk: `${tenantPk(tenantId)}#CREATOR_COSTS#${creatorId}`, gsi2sk: `COST#${costId}` }),
  /** gsi3: the costs of an activity (its startAt moves their spend between days). */
  costOfActivity: (tenantId: string, activityId: string, costId: string) => ({ gsi3pk: `${tenantPk(tenantId)}#ACTIVITY_COSTS#${activityId}`, gsi3sk: `COST#${costId}` }),
  /** gsi5 (the compact projection, `COMPACT_ATTRIBUTES`): every cost of the tenant as a small entry, for the cost lists no key orders (by amount, searched, by category). */
  costCompact: (tenantId: string, costId: string) => ({ gsi5pk: `${tenantPk(tenantId)}#COSTS_COMPACT`, gsi5sk: costId }),
  /** How many of the tenant's costs have each type label (GET /v1/costs/types), moved in the same transaction as every create, delete and type change. */
  costTypes: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'COST_TYPES' }),

  expenseCategory: (tenantId: string, categoryId: string): Key => ({ pk: tenantPk(tenantId), sk: `CATEGORY#${categoryId}` }),
  /** Unique category names per organization, case-insensitive. */
  expenseCategoryName: (tenantId: string, name: string): Key => ({ pk: tenantPk(tenantId), sk: `CATEGORY_NAME#${name.trim().toLowerCase()}` }),

  /** A note on an activity, campaign or creator: the entity's notes sort by creation, the (time-ordered) id breaking ties. */
  note: (tenantId: string, entityType: string, entityId: string, createdAt: string, noteId: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `NOTE#${entityType}#${entityId}#${createdAt}#${noteId}`,
  }),
  /** A text file of an activity, campaign or creator: the owner's files sort by creation, the (time-ordered) id breaking ties. */
  file: (tenantId: string, ownerType: string, ownerId: string, createdAt: string, fileId: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `FILE#${ownerType}#${ownerId}#${createdAt}#${fileId}`,
  }),
  outcomeDefinition: (tenantId: string, definitionId: string): Key => ({ pk: tenantPk(tenantId), sk: `OUTCOME_DEF#${definitionId}` }),
  /** A reported outcome measurement of a campaign; its claims sort right after it (same prefix). */
  outcomeMeasurement: (tenantId: string, campaignId: string, measurementId: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `OUTCOME#${campaignId}#MEASUREMENT#${measurementId}`,
  }),
  /** One evidence claim of a measurement, numbered from 1 in the order written. */
  outcomeClaim: (tenantId: string, campaignId: string, measurementId: string, seq: number): Key => ({
    pk: tenantPk(tenantId),
    sk: `OUTCOME#${campaignId}#MEASUREMENT#${measurementId}#CLAIM#${String(seq).padStart(6, '0')}`,
  }),

  /** One window's count of a limited action (rate-limits.ts), in the partition of who is counted: a recipient by its mailbox. */
  rateCounter: (counted: RateCounted, action: string, windowStart: string): Key => ({ pk: countedPk(counted), sk: `RATE#${action}#${windowStart}` }),

  /** One metric snapshot of an activity: the last reading of one hour (UTC `YYYY-MM-DDTHH`). */
  snapshot: (tenantId: string, activityId: string, hour: string): Key => ({ pk: tenantPk(tenantId), sk: `SNAPSHOT#${activityId}#${hour}` }),
  /** One day of a scope's rollup (the tenant's own scope id is the tenant id). */
  dayRollup: (tenantId: string, scope: RollupScope, date: string): Key => ({ pk: tenantPk(tenantId), sk: `${dayPrefix(tenantId, scope)}${date}` }),
  /** An activity's sparkline bucket: its days' figures from `start` (the bucket's first date; sparkline-buckets.ts). */
  sparklineBucket: (tenantId: string, activityId: string, start: string): Key => ({ pk: tenantPk(tenantId), sk: `SPARKLINE#${activityId}#${start}` }),
  /**
   * gsi4 (sparse, keys only): the metric refresh's due index. A tracked activity (connected content
   * link) carries it; the dispatcher reads each shard's entries due by now. Sharded by the item's
   * id so no one index partition takes every write of the refresh.
   */
  metricsDue: (tenantId: string, itemId: string, dueAt: string) => ({ gsi4pk: `METRICS_DUE#${dueShard(itemId)}`, gsi4sk: `${dueAt}#${tenantId}#${itemId}` }),
  outboxEmail: (sentAt: string, id: string): Key => ({ pk: 'OUTBOX', sk: `${sentAt}#${id}` }),
  /** The outbox partition (the stream's delivery mapping filters on it): every email, by when it was sent. */
  outbox: (): KeyCondition => ({ index: 'table', pk: 'OUTBOX' }),
};

/**
 * Web analytics keys (analytics.ts), apart from `keys` so that only the bundles that use them carry
 * them (an object's members are never dropped one by one: every bundle holds all of `keys`).
 */
export const analyticsKeys = {
  /** A pending OAuth state, in a partition of its own (the callback knows no tenant). */
  state: (state: string): Key => ({ pk: `ANALYTICS_STATE#${state}`, sk: 'STATE' }),
  connection: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'ANALYTICS' }),
  /** gsi1 (sparse): the connected organizations, which the scheduled import reads. */
  connected: (tenantId: string) => ({ gsi1pk: 'ANALYTICS_CONNECTED', gsi1sk: tenantId }),
  connectedTenants: (): KeyCondition => ({ index: 'gsi1', pk: 'ANALYTICS_CONNECTED' }),
  day: (tenantId: string, date: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_DAY#${date}` }),
  /** `answerDigest`: the sha256 of the answer's dimension and raw value. */
  answer: (tenantId: string, date: string, answerDigest: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_HDYHAU#${date}#${answerDigest}` }),
  signal: (tenantId: string, signalId: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_SIGNAL#${signalId}` }),
  signalDay: (tenantId: string, date: string, signalId: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_SIGNAL_DAY#${date}#${signalId}` }),
  /** `answerDigest` as for `answer`: one mapping per dimension and raw value. */
  mapping: (tenantId: string, answerDigest: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_MAP#${answerDigest}` }),
  /** A tenant's signals or mappings (`sk` begins with the prefix; no other kind shares it). */
  ofKind: (tenantId: string, kind: 'ANALYTICS_SIGNAL' | 'ANALYTICS_MAP'): KeyCondition => ({ index: 'table', pk: tenantPk(tenantId), sk: { beginsWith: `${kind}#` } }),
  /**
   * A tenant's analytics items of one dated kind from `from` to `to` (dates `YYYY-MM-DD`), a day's
   * items included whatever follows its date (`sk BETWEEN from AND to`).
   */
  dates: (tenantId: string, kind: 'ANALYTICS_DAY' | 'ANALYTICS_HDYHAU' | 'ANALYTICS_SIGNAL_DAY', from: string, to: string): KeyCondition => ({
    index: 'table',
    pk: tenantPk(tenantId),
    sk: { between: [`${kind}#${from}`, `${kind}#${to}\uffff`] },
  }),
};

/**
 * The campaign status sweep's due index (shared/db/campaigns/announced-status.ts): gsi4, sparse and
 * keys only like the metric refresh's, in a partition of its own that the refresh never reads. A
 * campaign carries the entry while time alone will move its status (scheduled, or active with an
 * end), keyed by the instant it moves. One partition, unsharded: a campaign's entry is written only
 * when its dates change or its status moves, a few writes a campaign's lifetime.
 */
export const campaignStatusKeys = {
  due: (tenantId: string, campaignId: string, dueAt: string) => ({ gsi4pk: 'CAMPAIGN_STATUS_DUE', gsi4sk: `${dueAt}#${tenantId}#${campaignId}` }),
};

/**
 * Objects released by a deletion and not deleted yet (shared/db/storage/released-objects.ts): one
 * item per object, in a partition of their own that the object sweep reads, apart from `keys` as
 * `exportKeys` is. `bucket` is the bucket's role (`files`, `avatars`), not its name.
 */
export const releasedObjectKeys = {
  object: (bucket: string, objectKey: string): Key => ({ pk: 'RELEASED_OBJECTS', sk: `${bucket}#${objectKey}` }),
  /** Every released object, by bucket and key. */
  all: (): KeyCondition => ({ index: 'table', pk: 'RELEASED_OBJECTS' }),
};

/** Export keys (shared/db/exports), apart from `keys` so that only the bundles that use them carry them. */
export const exportKeys = {
  /** An export job and its file's object key, in its tenant's partition (deleted with it). */
  record: (tenantId: string, exportId: string): Key => ({ pk: tenantPk(tenantId), sk: `EXPORT#${exportId}` }),
};

/**
 * Webhook keys (shared/db/webhooks), apart from `keys` as `analyticsKeys` is, so that only the
 * bundles that use them carry them.
 */
export const webhookKeys = {
  endpoint: (tenantId: string, endpointId: string): Key => ({ pk: tenantPk(tenantId), sk: `WEBHOOK#${endpointId}` }),
  /**
   * One delivery of one event to one endpoint. Every part is fixed by the event and the endpoint
   * (the event's timestamp, the delivery id derived from both), so a stream record handled twice
   * writes the same key and its conditional put finds the first.
   */
  delivery: (tenantId: string, endpointId: string, eventTimestamp: string, deliveryId: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `WEBHOOK_DELIVERY#${endpointId}#${eventTimestamp}#${deliveryId}`,
  }),
};
