/**
 * The activities of a tenant that ran in a range of instants: each runs at its start, or at its
 * creation when it has none (the day rule of costs and of the metrics confidence). Read from the
 * range of the index by run (gsi6, `keys.activityByRun`), never the tenant's other activities: the
 * index holds their keys only there, so their items follow in one batch.
 */
import { activityFromItem, type Activity } from './activities.ts';
import { Activities } from './activity-entity.ts';
import type { Key } from '../table/keys.ts';
import { batchGet } from '../table/operations.ts';
import { queryItemsUpTo } from '../table/query.ts';

type Item = Record<string, unknown>;

/**
 * An instant as the sort keys begin (`toISOString`, as startAt and createdAt are stored), held to
 * the years four digits write: before the year 0 the first of them, after 9999 past its last
 * (`<iso>#<id>` sorts before `<iso>$`).
 */
function keyInstant(instant: Date): string {
  const year = instant.getUTCFullYear();
  if (year < 0) return '0000-01-01T00:00:00.000Z';
  if (year > 9999) return '9999-12-31T23:59:59.999Z$';
  return instant.toISOString();
}

/** When the activity ran, as the table has it now. */
const ranAt = (item: Item) => String(item.startAt ?? item.createdAt);

/**
 * The activities that ran from `start` to before `end`. The index range is read up to `limit`
 * entries; undefined when it holds more (the caller asks for a shorter range rather than reading
 * without bound).
 */
export async function activitiesRunBetween(
  tenantId: string,
  start: Date,
  end: Date,
  limit: number,
): Promise<Activity[] | undefined> {
  const from = keyInstant(start);
  const to = keyInstant(end);
  // `<to>#<id>` sorts after `<to>`: BETWEEN's inclusive end leaves the instant `to` itself out.
  const entries = await queryItemsUpTo(Activities.query.runBetween(tenantId, from, to), limit + 1, {
    attributes: ['pk', 'sk'],
  });
  if (entries.length > limit) return undefined;
  const items = await batchGet(entries as unknown as Key[]);
  // The index is eventually consistent: an activity whose start moved out of the range meanwhile is left out.
  return items.filter((item) => ranAt(item) >= from && ranAt(item) < to).map(activityFromItem);
}
