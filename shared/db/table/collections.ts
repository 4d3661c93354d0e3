/**
 * The key conditions of the single table's access patterns (keys.ts `KeyCondition`): the
 * collections, orders and ranges the entities name in their `queries` (entity.ts). Functions of
 * their own, apart from `keys`, so that a bundle holds only the ones its entities declare (an
 * object's members are never dropped one by one). Imported as a namespace (`collections.*`),
 * which esbuild still trims to the members used.
 */
import {
  collection,
  creationOrder,
  dayPrefix,
  tenantPk,
  type IndexCollection,
  type KeyCondition,
  type OrderedIndex,
  type RollupScope,
} from './keys.ts';

/** Every item of a tenant's partition, whatever its kind. */
export const tenantItems = (tenantId: string): KeyCondition => ({ index: 'table', pk: tenantPk(tenantId) });

/** gsi3: the deletions marked before `cutoff` (an ISO instant; gsi3sk is `<deletingAt>#<id>`). */
export const tenantsDeletingBefore = (cutoff: string): KeyCondition => ({
  index: 'gsi3',
  pk: 'TENANTS_DELETING',
  sk: { before: cutoff },
});

export const membershipsOfTenant = (tenantId: string) => collection(tenantPk(tenantId), 'MEMBER#', 'membership');

export const membershipsOfUser = (userId: string): KeyCondition => ({
  index: 'gsi1',
  pk: `USER#${userId}`,
  sk: { beginsWith: 'TENANT#' },
});

export const invitationsOfEmail = (email: string): KeyCondition => ({
  index: 'gsi2',
  pk: `INVITE#${email.toLowerCase()}`,
});

export const creatorsOfTenant = (tenantId: string) => collection(tenantPk(tenantId), 'CREATOR#', 'creator');

export const creatorsByCreation = (tenantId: string) => creationOrder(tenantId, 'CREATORS');

export const creatorsByName = (tenantId: string): OrderedIndex => ({
  index: 'gsi2',
  pk: `${tenantPk(tenantId)}#CREATORS_BY_NAME`,
});

export const creatorsByImpressions = (tenantId: string): OrderedIndex => ({
  index: 'gsi7',
  pk: `${tenantPk(tenantId)}#CREATORS_BY_FIGURES`,
});

export const creatorsByEngagement = (tenantId: string): OrderedIndex => ({
  index: 'gsi8',
  pk: `${tenantPk(tenantId)}#CREATORS_BY_FIGURES`,
});

export const creatorsBySpend = (tenantId: string): OrderedIndex => ({
  index: 'gsi9',
  pk: `${tenantPk(tenantId)}#CREATORS_BY_FIGURES`,
});

export const creatorsCompact = (tenantId: string): IndexCollection => ({
  index: 'gsi5',
  pk: `${tenantPk(tenantId)}#CREATORS_COMPACT`,
  entities: ['creator'],
});

export const creatorsSearch = (tenantId: string): IndexCollection => ({
  index: 'gsi6',
  pk: `${tenantPk(tenantId)}#CREATORS_SEARCH`,
  entities: ['creator'],
});

export const socialAccountsOfCreator = (tenantId: string, creatorId: string) =>
  collection(tenantPk(tenantId), `CREATOR#${creatorId}#SOCIAL#`, 'socialAccount');

export const activitiesOfTenant = (tenantId: string) => collection(tenantPk(tenantId), 'ACTIVITY#', 'activity');

export const activitiesByCreation = (tenantId: string) => creationOrder(tenantId, 'ACTIVITIES');

export const activitiesByName = (tenantId: string): OrderedIndex => ({
  index: 'gsi2',
  pk: `${tenantPk(tenantId)}#ACTIVITIES_BY_NAME`,
});

export const activitiesOfChannel = (tenantId: string, channel: string): OrderedIndex => ({
  index: 'gsi3',
  pk: `${tenantPk(tenantId)}#ACTIVITIES#CHANNEL#${channel}`,
});

export const activitiesCompact = (tenantId: string): IndexCollection => ({
  index: 'gsi5',
  pk: `${tenantPk(tenantId)}#ACTIVITIES_COMPACT`,
  entities: ['activity'],
});

/** The entries from `from` to `to` inclusive (sort-key strings: `<instant>` and what follows it). */
export const activitiesRunBetween = (tenantId: string, from: string, to: string): KeyCondition => ({
  index: 'gsi6',
  pk: `${tenantPk(tenantId)}#ACTIVITIES_BY_RUN`,
  sk: { between: [from, to] },
  entities: ['activity'],
});

export const creatorsOfActivity = (tenantId: string, activityId: string) =>
  collection(tenantPk(tenantId), `ACTIVITY#${activityId}#CREATOR#`, 'activityCreator');

/** The activity item and its creator links together (their sort keys share `ACTIVITY#<aid>`, ids are fixed-width): one Query. */
export const activityWithCreators = (tenantId: string, activityId: string) =>
  collection(tenantPk(tenantId), `ACTIVITY#${activityId}`, 'activity', 'activityCreator');

export const activitiesOfCreator = (tenantId: string, creatorId: string): IndexCollection => ({
  index: 'gsi2',
  pk: `${tenantPk(tenantId)}#CREATOR#${creatorId}`,
  entities: ['activityCreator'],
});

/**
 * A key range (BETWEEN) rather than begins_with: the same items and cost in DynamoDB, and
 * DynamoDB Local answers a range in a partition of 100,000 items as fast as in one of 100, which
 * it does not for begins_with (reporting reads every campaign with its counters).
 */
export const campaignsOfTenant = (tenantId: string): KeyCondition => ({
  index: 'table',
  pk: tenantPk(tenantId),
  sk: { between: ['CAMPAIGN#', 'CAMPAIGN#\uffff'] },
  entities: ['campaign'],
});

export const activitiesOfCampaign = (tenantId: string, campaignId: string) =>
  collection(tenantPk(tenantId), `CAMPAIGN_ACTIVITY#${campaignId}#`, 'campaignActivity');

export const costsOfTenant = (tenantId: string) => collection(tenantPk(tenantId), 'COST#', 'cost');

export const costsByCreation = (tenantId: string) => creationOrder(tenantId, 'COSTS');

export const costsOfCreator = (tenantId: string, creatorId: string): IndexCollection => ({
  index: 'gsi2',
  pk: `${tenantPk(tenantId)}#CREATOR_COSTS#${creatorId}`,
  entities: ['cost'],
});

export const costsOfActivity = (tenantId: string, activityId: string): IndexCollection => ({
  index: 'gsi3',
  pk: `${tenantPk(tenantId)}#ACTIVITY_COSTS#${activityId}`,
  entities: ['cost'],
});

export const costsCompact = (tenantId: string): IndexCollection => ({
  index: 'gsi5',
  pk: `${tenantPk(tenantId)}#COSTS_COMPACT`,
  entities: ['cost'],
});

export const expenseCategoriesOfTenant = (tenantId: string) =>
  collection(tenantPk(tenantId), 'CATEGORY#', 'expenseCategory');

export const notesOfEntity = (tenantId: string, entityType: string, entityId: string) =>
  collection(tenantPk(tenantId), `NOTE#${entityType}#${entityId}#`, 'note');

export const filesOfOwner = (tenantId: string, ownerType: string, ownerId: string) =>
  collection(tenantPk(tenantId), `FILE#${ownerType}#${ownerId}#`, 'file');

export const outcomeDefinitionsOfTenant = (tenantId: string) =>
  collection(tenantPk(tenantId), 'OUTCOME_DEF#', 'outcomeDefinition');

/** A campaign's measurements and their claims, in one query (told apart with `isEntity`). */
export const outcomeMeasurementsOfCampaign = (tenantId: string, campaignId: string) =>
  collection(tenantPk(tenantId), `OUTCOME#${campaignId}#MEASUREMENT#`, 'outcomeMeasurement', 'outcomeClaim');

/** One measurement and its claims, in one query. */
export const outcomeMeasurementWithClaims = (tenantId: string, campaignId: string, measurementId: string) =>
  collection(
    tenantPk(tenantId),
    `OUTCOME#${campaignId}#MEASUREMENT#${measurementId}`,
    'outcomeMeasurement',
    'outcomeClaim',
  );

/** A measurement's claims alone. */
export const claimsOfMeasurement = (tenantId: string, campaignId: string, measurementId: string) =>
  collection(tenantPk(tenantId), `OUTCOME#${campaignId}#MEASUREMENT#${measurementId}#CLAIM#`, 'outcomeClaim');

export const snapshotsOfActivity = (tenantId: string, activityId: string) =>
  collection(tenantPk(tenantId), `SNAPSHOT#${activityId}#`, 'snapshot');

/** Every stored day of a scope. */
export const daysOfScope = (tenantId: string, scope: RollupScope) =>
  collection(tenantPk(tenantId), dayPrefix(tenantId, scope), 'dayRollup');

/** A scope's days from `from` to `to` (YYYY-MM-DD, both included). */
export const daysOfScopeBetween = (tenantId: string, scope: RollupScope, from: string, to: string): KeyCondition => ({
  index: 'table',
  pk: tenantPk(tenantId),
  sk: { between: [`${dayPrefix(tenantId, scope)}${from}`, `${dayPrefix(tenantId, scope)}${to}`] },
  entities: ['dayRollup'],
});

export const sparklineBucketsOfActivity = (tenantId: string, activityId: string) =>
  collection(tenantPk(tenantId), `SPARKLINE#${activityId}#`, 'sparklineBucket');

/** One shard's entries due before `bound` (a gsi4sk prefix: `<iso>$` takes every entry due at `<iso>`). */
export const metricsDueBefore = (shard: number, bound: string): KeyCondition => ({
  index: 'gsi4',
  pk: `METRICS_DUE#${shard}`,
  sk: { before: bound },
});

/** The campaigns whose status time moves before `bound` (gsi4's CAMPAIGN_STATUS_DUE partition, keys only; keys.ts campaignStatusKeys). */
export const campaignStatusDueBefore = (bound: string): KeyCondition => ({
  index: 'gsi4',
  pk: 'CAMPAIGN_STATUS_DUE',
  sk: { before: bound },
});

/** The emails sent before `before` (an ISO instant: sk is `<sentAt>#<id>`). */
export const outboxBefore = (before: string): KeyCondition => ({ index: 'table', pk: 'OUTBOX', sk: { before } });

/** An organization's webhook endpoints. */
export const webhookEndpointsOfTenant = (tenantId: string) =>
  collection(tenantPk(tenantId), 'WEBHOOK#', 'webhookEndpoint');

/** An endpoint's deliveries, in the order of their events' timestamps (keys.ts webhookKeys.delivery). */
export const deliveriesOfWebhookEndpoint = (tenantId: string, endpointId: string) =>
  collection(tenantPk(tenantId), `WEBHOOK_DELIVERY#${endpointId}#`, 'webhookDelivery');

/** gsi1: a tenant's report links by creation. */
export const reportLinksByCreation = (tenantId: string) => creationOrder(tenantId, 'REPORT_LINKS');
