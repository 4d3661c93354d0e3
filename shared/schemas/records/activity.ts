/** Records of the Activities group: the activity with its stored metrics and aggregate. */
import * as z from 'zod/mini';
import { Instant, stored } from './common.ts';
import { named } from './reply.ts';

const activityFields = {
  ...stored,
  /** The tenant, under both of its names. */
  organizationId: z.uuid(),
  workspaceId: z.uuid(),
  channel: z.string(),
  activity: z.string(),
  name: z.string(),
  startAt: z.nullable(z.string()),
  endAt: z.nullable(z.string()),
  contentHref: z.nullable(z.string()),
  viewsCount: z.nullable(z.number()),
  likeCount: z.nullable(z.number()),
  replyCount: z.nullable(z.number()),
  /** The campaign it belongs to (one at a time) and the id of that association. */
  campaignId: z.nullable(z.uuid()),
  campaignActivityId: z.optional(z.nullable(z.string())),
  /** Set when a metric fetch of the content link is due; absent or null when not tracked. */
  metricsFetchDueAt: z.optional(z.nullable(Instant)),
  creatorsCount: z.int(),
  costsCount: z.int(),
  impressions: z.number(),
  engagement: z.number(),
  /** Recorded spend per currency, in major units. */
  spend: z.record(z.string(), z.number()),
  /** The last fetched counts under the platform's own names, when it was read, and how many hourly snapshots are kept. */
  latest: z.optional(z.record(z.string(), z.number())),
  lastFetchedAt: z.optional(Instant),
  snapshotsCount: z.optional(z.int()),
  /** Why no number is fetched: a platform without public metrics, credentials missing, content not found. */
  metricsUnavailableReason: z.optional(z.string()),
};

/** An activity as a list shows it. */
export const ActivitySummaryRecord = named('ActivitySummary', z.object(activityFields));

/** One activity, with the ids of its linked creators. */
export const ActivityRecord = named(
  'Activity',
  z.object({ ...activityFields, metricsFetchDueAt: z.nullable(Instant), creatorIds: z.array(z.uuid()) }),
);

/** A creator linked to an activity. */
export const ActivityCreatorLinkRecord = named('ActivityCreatorLink', z.object({ activityId: z.uuid(), creatorId: z.uuid(), createdAt: Instant }));
