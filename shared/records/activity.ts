/**
 * The activity: the record schemas, what the repositories return (shared/db) and what the OpenAPI
 * document shows (shared/schemas/records names them). They import only zod, shared/domain and this
 * folder, so neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { Instant, PerCurrency, RecordId, stored } from './fields.ts';

/** A count of the newest reading, null where its platform publishes (or gave) none. */
const Count = /* @__PURE__ */ lazySchema(() => z.nullable(z.number()));

/** The newest reading in one vocabulary for every platform (docs/decisions.md "Figures a reader can check"). */
const LatestCounts = /* @__PURE__ */ lazySchema(() =>
  z
    .nullable(
      z.object({
        views: Count,
        likes: Count,
        comments: Count,
        shares: Count,
        saves: Count,
        fetchedAt: Instant,
        source: z.enum(['api', 'manual', 'mixed']),
      }),
    )
    .register(z.globalRegistry, {
      description:
        "The newest reading's counts in one vocabulary for every platform, with the manual counts over them field by field (`viewsCount` the views, `likeCount` the likes, `replyCount` the comments), null where there is no such count. " +
        '`views` are the impressions; `likes` + `comments` + `shares` + `saves` (nulls as 0) add up to the engagement, per platform: ' +
        'YouTube likes + comments (no shares or saves published); X likes + replies + shares (reposts + quotes) + saves (bookmarks); Instagram likes + comments; Reddit likes (`ups`) + comments (no views published); ' +
        "TikTok and LinkedIn publish no metrics of other people's content: manual counts only. " +
        '`source` is `api` when every count shown was read, `manual` when every one was entered, `mixed` when manual counts override some of a reading; `fetchedAt` is when the newest of them was read or entered. ' +
        "Null until the activity is first read or given a manual count. The platform's own fields are kept in the snapshot evidence.",
    }),
);

/**
 * The activity record: what the repositories return, and what the OpenAPI document shows
 * (shared/schemas/records/activity.ts names it).
 */
export const ActivitySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    /** The tenant, under both of its names (docs/decisions.md: one id space). */
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
  }),
);

export type Activity = z.infer<typeof ActivitySchema>;
