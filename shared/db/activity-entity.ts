/**
 * The activity entity, declared once for the repositories that write activity items (activities.ts,
 * campaign-links.ts), and the condition that its standing is as read.
 */
import * as z from 'zod/mini';
import { STANDING_FIELDS } from './cost-rollups.ts';
import { defineEntity } from './entity.ts';
import { all, asRead, exists, type Condition } from './expressions.ts';
import { keys } from './keys.ts';
import { Instant, PerCurrency, RecordId, stored } from './record-fields.ts';

/** A count of the newest reading, null where its platform publishes (or gave) none. */
const Count = /* @__PURE__ */ z.nullable(z.number());

/** The newest reading in one vocabulary for every platform (DECISIONS.md "Figures a reader can check"). */
const LatestCounts = /* @__PURE__ */ z.nullable(z.object({ views: Count, likes: Count, comments: Count, shares: Count, fetchedAt: Instant, source: z.enum(['api', 'manual']) })).register(z.globalRegistry, {
  description:
    "The newest reading's counts in one vocabulary for every platform, null where the platform publishes no such count (YouTube, Instagram and Reddit publish no shares, Reddit no views; X's shares are reposts + quotes), with when it was read and its source (`api` or `manual`); null until the activity is first read. The platform's own fields are kept in the snapshot evidence.",
});

/**
 * The activity record: what the repositories return, and what the OpenAPI document shows
 * (shared/schemas/records/activity.ts names it).
 */
export const ActivitySchema = z.object({
  ...stored,
  /** The tenant, under both of its names (DECISIONS.md: one id space). */
  organizationId: RecordId,
  workspaceId: RecordId,
  channel: z.string(),
  activity: z.string(),
  name: z.string(),
  startAt: z.nullable(z.string()),
  endAt: z.nullable(z.string()),
  contentHref: z.nullable(z.string()),
  /** The manual counts (null: none entered; the fetched number counts). */
  viewsCount: z.nullable(z.number()),
  likeCount: z.nullable(z.number()),
  replyCount: z.nullable(z.number()),
  /** The campaign it belongs to (one at a time) and the id of that association; set by linking. */
  campaignId: z.nullable(RecordId),
  campaignActivityId: z.optional(z.nullable(z.string())),
  /** Set when a metric fetch of the content link is due (connect, link change); absent or null when not tracked. */
  metricsFetchDueAt: z.optional(z.nullable(Instant)),
  creatorsCount: z.int(),
  costsCount: z.int(),
  impressions: z.number(),
  engagement: z.number(),
  /** Recorded spend per currency, in major units. */
  spend: PerCurrency,
  /** The snapshot writer's (snapshots.ts): the last fetched counts under the platform's own names and in one vocabulary, when it was read, how many hourly snapshots are kept. */
  latest: z.optional(z.record(z.string(), z.number())),
  latestCounts: LatestCounts,
  lastFetchedAt: z.optional(Instant),
  snapshotsCount: z.optional(z.int()),
  /** Why no number is fetched: a platform without public metrics, credentials missing, content not found. */
  metricsUnavailableReason: z.optional(z.string()),
});

export type Activity = z.infer<typeof ActivitySchema>;

/**
 * The activity item: the record, and what other writers need of it, no part of the record shown
 * (`activityFromItem` leaves them out): `linksRevision` (changes with every creator link and
 * unlink: metric changes are conditioned on it), `costsRevision` (every cost write and start
 * change: cost writes are conditioned on it), `contentConnectedAt` (the refresh cadence's
 * anchor, metric-due.ts) and where its first reading counts (`firstReading`, first-reading.ts).
 * Its index entries: gsi1 orders the tenant's activities by creation (the list's default order),
 * gsi2 by name, gsi3 those of its channel by creation, gsi5 its compact entry, gsi6 by the instant it
 * ran (its start, else its creation); a change of the name, channel or start rewrites the entries it
 * moves (activities.ts, and `runEntry` for the start).
 */
export const Activities = defineEntity({
  name: 'The activity',
  schema: z.object({
    ...ActivitySchema.shape,
    linksRevision: z.optional(z.number()),
    costsRevision: z.optional(z.number()),
    contentConnectedAt: z.optional(z.string()),
    /** The first reading's increase, when it was read and the day it counts on (its publish date, or its own day). */
    firstReading: z.optional(z.object({ fetchedAt: z.string(), day: z.string(), impressions: z.number(), engagement: z.number() })),
    /** That day is before the reading's own: counted as `activitiesBackdated` (standingOf). */
    firstReadingBackdated: z.optional(z.boolean()),
  }),
  key: keys.activity,
  indexes: (activity) => ({
    ...keys.activityByCreation(activity.organizationId, activity.createdAt, activity.id),
    ...keys.activityByName(activity.organizationId, activity.name, activity.id),
    ...keys.activityOfChannel(activity.organizationId, activity.channel),
    ...keys.activityOfChannelOrder(activity.createdAt, activity.id),
    ...keys.activityCompact(activity.organizationId, activity.id),
    ...runEntry(activity.organizationId, activity, activity.startAt),
  }),
  counters: ['creatorsCount', 'costsCount', 'impressions', 'engagement'],
});

export type StoredActivity = z.infer<typeof Activities.schema>;

/** The activity's entry by the instant it ran (gsi6) with this start: a write of the start sets it too, as an update does not read the record. */
export function runEntry(tenantId: string, activity: { id: string; createdAt: string }, startAt: string | null) {
  return keys.activityByRun(tenantId, startAt ?? activity.createdAt, activity.id);
}

/** The activity exists with its standing (what `contribution` is computed from) as read. */
export const standingUnchanged = (read: Partial<StoredActivity> | undefined): Condition =>
  all(exists, ...(read ? STANDING_FIELDS.map((field) => asRead(field, read[field])) : []));
