/**
 * Every key shape of the single table, declared once per entity. Repositories build keys only
 * through these: each kind of item's in item-keys.ts (imported as the namespace `keys`), the few
 * apart kinds' here (analytics, campaign status, released objects, exports, webhooks); the table's
 * indexes are declared in `table-definition.ts`.
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
 * | rate counter     | TENANT#<id>, USER#<userId>, EMAIL#<mailbox> or WEBHOOK_ENDPOINT#<endpointId> (who is counted) | RATE#<action>#<windowStart ISO> (`count` of one window; `ttl` removes it) | |
 * | snapshot         | TENANT#<id>       | SNAPSHOT#<aid>#<YYYY-MM-DDTHH> (an activity's readings, one per hour; snapshots.ts) | |
 * | day rollup       | TENANT#<id>       | DAY#<TENANT|CAMPAIGN|CREATOR|ACTIVITY>#<scopeId>#<YYYY-MM-DD> (a scope's figures of one day; day-rollups.ts) | |
 * | sparkline bucket | TENANT#<id>       | SPARKLINE#<aid>#<YYYY-MM-DD> (an activity's daily figures of the 30 days from that date; sparkline-buckets.ts) | |
 * | OAuth state      | ANALYTICS_STATE#<state> | STATE (single use; `ttl` removes it) |                     |                                  |
 * | idempotency rec. | IDEMPOTENCY#<userId> | KEY#<Idempotency-Key> (a request's kept answer; `ttl` removes it; idempotencyKeys) |  |  |
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
 * | ECB rates day   | RATES#ECB         | DAY#<YYYY-MM-DD> (one ECB publication: `rates` per 1 EUR; shared/db/rates) | |
 * | webhook endpoint | TENANT#<id>       | WEBHOOK#<endpointId> (webhookKeys)  |                        |                                  |
 * | endpoint count   | TENANT#<id>       | WEBHOOK_ENDPOINTS (how many endpoints: the cap's counter, webhookKeys) |  |
 * | webhook delivery | TENANT#<id>       | WEBHOOK_DELIVERY#<endpointId>#<event timestamp>#<deliveryId> (an endpoint's log, newest first) | |
 * | report link      | REPORT_LINK#<sha256 of its token> | LINK | TENANT#<id>#REPORT_LINKS / <createdAt>#<linkId> (the list) | |
 * | link count       | TENANT#<id>       | REPORT_LINKS (how many links the tenant has: the cap's counter) |  |
 *
 * A tracked activity (connected content link) also carries gsi4pk METRICS_DUE#<shard 0-9> / gsi4sk
 * <nextFetchAt>#<tenantId>#<activityId> (the metric refresh's due index; keys.metricsDue).
 * A campaign whose status time will move carries gsi4pk CAMPAIGN_STATUS_DUE / gsi4sk
 * <instant of that move>#<tenantId>#<campaignId> (the status sweep's due index; campaignStatusKeys).
 */

import type { IndexName } from './table-definition.ts';

/** How many partitions the due index spreads over (keys.metricsDue). */
export const DUE_SHARDS = 10;

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

export const collection = (pk: string, skPrefix: string, ...entities: Entity[]): Collection => ({
  index: 'table',
  pk,
  sk: { beginsWith: skPrefix },
  entities,
});

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
export const dayPrefix = (tenantId: string, scope: RollupScope) =>
  `DAY#${scope.kind.toUpperCase()}#${scope.kind === 'tenant' ? tenantId : scope.id}#`;

/** Who a rate counter counts: a tenant, a user (a sender), or a recipient address. */
export type RateCounted = { tenantId: string } | { userId: string } | { recipient: string } | { endpointId: string };

export const creationOrder = (tenantId: string, kind: string): OrderedIndex => ({
  index: 'gsi1',
  pk: `${tenantPk(tenantId)}#${kind}`,
});

/**
 * Web analytics keys (analytics.ts): an object, so every bundle that uses one holds them all (a
 * few hundred bytes, in the analytics functions only).
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
  answer: (tenantId: string, date: string, answerDigest: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `ANALYTICS_HDYHAU#${date}#${answerDigest}`,
  }),
  signal: (tenantId: string, signalId: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_SIGNAL#${signalId}` }),
  signalDay: (tenantId: string, date: string, signalId: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `ANALYTICS_SIGNAL_DAY#${date}#${signalId}`,
  }),
  /** `answerDigest` as for `answer`: one mapping per dimension and raw value. */
  mapping: (tenantId: string, answerDigest: string): Key => ({
    pk: tenantPk(tenantId),
    sk: `ANALYTICS_MAP#${answerDigest}`,
  }),
  /** A tenant's signals or mappings (`sk` begins with the prefix; no other kind shares it). */
  ofKind: (tenantId: string, kind: 'ANALYTICS_SIGNAL' | 'ANALYTICS_MAP'): KeyCondition => ({
    index: 'table',
    pk: tenantPk(tenantId),
    sk: { beginsWith: `${kind}#` },
  }),
  /**
   * A tenant's analytics items of one dated kind from `from` to `to` (dates `YYYY-MM-DD`), a day's
   * items included whatever follows its date (`sk BETWEEN from AND to`).
   */
  dates: (
    tenantId: string,
    kind: 'ANALYTICS_DAY' | 'ANALYTICS_HDYHAU' | 'ANALYTICS_SIGNAL_DAY',
    from: string,
    to: string,
  ): KeyCondition => ({
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
  due: (tenantId: string, campaignId: string, dueAt: string) => ({
    gsi4pk: 'CAMPAIGN_STATUS_DUE',
    gsi4sk: `${dueAt}#${tenantId}#${campaignId}`,
  }),
};

/**
 * Objects released by a deletion and not deleted yet (shared/db/storage/released-objects.ts): one
 * item per object, in a partition of their own that the object sweep reads. `bucket` is the bucket's role (`files`, `avatars`), not its name.
 */
export const releasedObjectKeys = {
  object: (bucket: string, objectKey: string): Key => ({ pk: 'RELEASED_OBJECTS', sk: `${bucket}#${objectKey}` }),
  /** Every released object, by bucket and key. */
  all: (): KeyCondition => ({ index: 'table', pk: 'RELEASED_OBJECTS' }),
};

/**
 * An `Idempotency-Key`'s record (shared/db/idempotency): per user and key, in a partition prefix of
 * its own, which is what the POST functions' grant on these records is conditioned on
 * (`dynamodb:LeadingKeys`, infra/route-function.ts) and what no stream consumer reads (they take
 * `TENANT#` and `OUTBOX` items only).
 */
export const IDEMPOTENCY_PARTITION_PREFIX = 'IDEMPOTENCY#';
export const idempotencyKeys = {
  record: (userId: string, key: string): Key => ({ pk: `${IDEMPOTENCY_PARTITION_PREFIX}${userId}`, sk: `KEY#${key}` }),
};

/**
 * The ECB's euro reference rates (shared/db/rates): one item per publication day, in a partition of
 * their own (`RATES#ECB` / `DAY#<YYYY-MM-DD>`), so the last publication on or before a day is one
 * Query of one item (sort key `<=`, newest first, limit 1).
 */
export const rateKeys = {
  day: (date: string): Key => ({ pk: 'RATES#ECB', sk: `DAY#${date}` }),
  /** The publications up to `date` included (`sk < DAY#<date>\uffff`). */
  upTo: (date: string): KeyCondition => ({ index: 'table', pk: 'RATES#ECB', sk: { before: `DAY#${date}\uffff` } }),
};

/** Export keys (shared/db/exports). */
export const exportKeys = {
  /** An export job and its file's object key, in its tenant's partition (deleted with it). */
  record: (tenantId: string, exportId: string): Key => ({ pk: tenantPk(tenantId), sk: `EXPORT#${exportId}` }),
  /** One of the places of the tenant's exports running at once (export-slots.ts), numbered from 0. */
  slot: (tenantId: string, slot: number): Key => ({ pk: tenantPk(tenantId), sk: `EXPORT_SLOT#${slot}` }),
};

/** Webhook keys (shared/db/webhooks). */
export const webhookKeys = {
  endpoint: (tenantId: string, endpointId: string): Key => ({ pk: tenantPk(tenantId), sk: `WEBHOOK#${endpointId}` }),
  /** How many endpoints the organization has, moved in the same transaction as every create and delete. */
  endpointCount: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'WEBHOOK_ENDPOINTS' }),
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
