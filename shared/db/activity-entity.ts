/**
 * The activity entity, declared once for the repositories that write activity items (activities.ts,
 * campaign-links.ts), and the condition that its standing is as read.
 */
import * as z from 'zod/mini';
import { STANDING_FIELDS } from './cost-rollups.ts';
import { defineEntity } from './entity.ts';
import { all, asRead, exists, type Condition } from './expressions.ts';
import { keys } from './keys.ts';

/**
 * The activity item. Besides the record it keeps what other writers need of it, no part of the
 * record shown (`activityFromItem` leaves them out): `linksRevision` (changes with every creator
 * link and unlink: metric changes are conditioned on it), `costsRevision` (every cost write and
 * start change: cost writes are conditioned on it) and `contentConnectedAt` (the refresh cadence's
 * anchor, metric-due.ts).
 */
export const Activities = defineEntity({
  name: 'The activity',
  schema: z.object({
    id: z.string(),
    /** The tenant, under both of its names (DECISIONS.md: one id space). */
    organizationId: z.string(),
    workspaceId: z.string(),
    channel: z.string(),
    activity: z.string(),
    name: z.string(),
    startAt: z.nullable(z.string()),
    endAt: z.nullable(z.string()),
    contentHref: z.nullable(z.string()),
    viewsCount: z.nullable(z.number()),
    likeCount: z.nullable(z.number()),
    replyCount: z.nullable(z.number()),
    /** The campaign it belongs to (one at a time) and the id of that association; set by linking. */
    campaignId: z.nullable(z.string()),
    campaignActivityId: z.optional(z.nullable(z.string())),
    /** Set when a metric fetch of the content link is due (connect, link change); absent when not tracked. */
    metricsFetchDueAt: z.optional(z.nullable(z.string())),
    creatorsCount: z.number(),
    costsCount: z.number(),
    impressions: z.number(),
    engagement: z.number(),
    /** Spend per currency, major units (a type only: z.record would add ~4 KB to the bundles that have none). */
    spend: z.custom<Record<string, number>>(),
    createdAt: z.string(),
    updatedAt: z.string(),
    linksRevision: z.optional(z.number()),
    costsRevision: z.optional(z.number()),
    contentConnectedAt: z.optional(z.string()),
    /** The snapshot writer's (snapshots.ts): its latest reading's counts and time, how many it kept, why there is none. */
    lastFetchedAt: z.optional(z.string()),
    latest: z.optional(z.custom<Record<string, number>>()),
    snapshotsCount: z.optional(z.number()),
    metricsUnavailableReason: z.optional(z.string()),
  }),
  key: keys.activity,
});

export type StoredActivity = z.infer<typeof Activities.schema>;
export type Activity = Omit<StoredActivity, 'linksRevision' | 'costsRevision' | 'contentConnectedAt'>;

/** The activity exists with its standing (what `contribution` is computed from) as read. */
export const standingUnchanged = (read: Partial<StoredActivity> | undefined): Condition =>
  all(exists, ...(read ? STANDING_FIELDS.map((field) => asRead(field, read[field])) : []));
