/**
 * The links between an activity and its creators: one item per link under the activity, also
 * listed under the creator (gsi2). Its own module so that the metric writers (snapshots.ts,
 * first-reading.ts) read an activity's links without importing activities.ts, which imports them.
 */
import { defineEntity } from '../table/entity.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { queryRecords } from '../table/query.ts';
import { ActivityLinkSchema, type ActivityLink } from '../../records/creator-link.ts';
export type { ActivityLink } from '../../records/creator-link.ts';

/** A creator's link to an activity: an item of its own, also listed under the creator (gsi2, `keys.activityOfCreator`). */
export const CreatorLinks = defineEntity({
  name: 'The creator link',
  schema: () => ActivityLinkSchema,
  key: keys.activityCreator,
  queries: {
    /** An activity's links, in creator-id order. */
    ofActivity: collections.creatorsOfActivity,
    /** A creator's links (gsi2), in activity-id order. */
    ofCreator: collections.activitiesOfCreator,
  },
});

/**
 * The creator links of one activity, in key order. Read strongly: the metric writers read the
 * activity, then its links, and condition their write on the `linksRevision` they read, which only
 * vouches for links read after it (an eventually consistent read could miss a link just made).
 */
export async function linksOfActivity(tenantId: string, activityId: string): Promise<ActivityLink[]> {
  return queryRecords(CreatorLinks.query.ofActivity(tenantId, activityId), { consistent: true });
}
