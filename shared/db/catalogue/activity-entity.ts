/**
 * The activity entity, declared once for the repositories that write activity items (activities.ts,
 * campaign-links.ts), and the condition that its standing is as read.
 */
import * as z from 'zod/mini';
import { STANDING_FIELDS } from './cost-rollups.ts';
import { defineEntity } from '../table/entity.ts';
import { all, asRead, exists, type Condition } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { ActivitySchema } from '../../records/activity.ts';
export type { Activity } from '../../records/activity.ts';

/**
 * The activity item: the record, and what other writers need of it, no part of the record shown
 * (`activityFromItem` leaves them out): `linksRevision` (changes with every creator link and
 * unlink: metric changes are conditioned on it), `costsRevision` (every cost write and start
 * change: cost writes are conditioned on it), `contentConnectedAt` (the refresh cadence's
 * anchor, metric-due.ts), where its first reading counts (`firstReading`, first-reading.ts) and when
 * its manual counts were last entered (`manualCountsAt`, the time `latestCounts` shows for them).
 * Its index entries: gsi1 orders the tenant's activities by creation (the list's default order),
 * gsi2 by name, gsi3 those of its channel by creation, gsi5 its compact entry, gsi6 by the instant it
 * ran (its start, else its creation); a change of the name, channel or start rewrites the entries it
 * moves (activities.ts, and `runEntry` for the start).
 */
export const Activities = defineEntity({
  name: 'The activity',
  schema: () =>
    z.object({
      ...ActivitySchema.shape,
      linksRevision: z.optional(z.number()),
      costsRevision: z.optional(z.number()),
      contentConnectedAt: z.optional(z.string()),
      manualCountsAt: z.optional(z.string()),
      /** The first reading's increase, when it was read and the day it counts on (its publish date, or its own day). */
      firstReading: z.optional(
        z.object({ fetchedAt: z.string(), day: z.string(), impressions: z.number(), engagement: z.number() }),
      ),
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
  queries: {
    /** Every activity of the tenant, in id order. */
    ofTenant: collections.activitiesOfTenant,
    /** The activity item and its creator links, in one Query (their sort keys share a prefix). */
    withCreators: collections.activityWithCreators,
    /** By creation (gsi1), newest first as lists page it. */
    byCreation: collections.activitiesByCreation,
    /** By name, then id (gsi2). */
    byName: collections.activitiesByName,
    /** Those of one channel, by creation (gsi3). */
    ofChannel: collections.activitiesOfChannel,
    /** Every activity's compact entry (gsi5: `COMPACT_ATTRIBUTES` only). */
    compact: collections.activitiesCompact,
    /** The entries of those that ran in a range (gsi6: keys only, as far as activities go). */
    runBetween: collections.activitiesRunBetween,
  },
});

export type StoredActivity = z.infer<typeof Activities.schema>;

/** The activity's entry by the instant it ran (gsi6) with this start: a write of the start sets it too, as an update does not read the record. */
export function runEntry(tenantId: string, activity: { id: string; createdAt: string }, startAt: string | null) {
  return keys.activityByRun(tenantId, startAt ?? activity.createdAt, activity.id);
}

/** The activity exists with its standing (what `contribution` is computed from) as read. */
export const standingUnchanged = (read: Partial<StoredActivity> | undefined): Condition =>
  all(exists, ...(read ? STANDING_FIELDS.map((field) => asRead(field, read[field])) : []));
