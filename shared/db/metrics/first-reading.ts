/**
 * An activity's first reading follows its start (docs/decisions.md "Figures a reader can check"). A
 * platform reading is a lifetime total, so the snapshot writer (snapshots.ts) counts the first
 * reading's increase on the activity's publish date (`firstReadingDay`) and keeps on the item where:
 * `firstReading` (when it was read, the day it counts on, the increase) and `firstReadingBackdated`
 * (that day is before the reading's own: `activitiesBackdated` in every aggregate counting it).
 *
 * When the start changes, `placeFirstReading` moves that increase to the day the new start implies,
 * as `placeSpend` (activity-spend-days.ts) moves costs: one transaction takes it off the old day and
 * adds it to the new one, in the activity's own day items and the days of the scopes each is counted
 * in (metric-days.ts), moves the counter on the aggregates when the mark changes, and is conditioned
 * on everything it read (the activity's start, placement, standing, campaign and links; both days'
 * scopes), so a concurrent change sends it round again. Run again, it moves nothing.
 */
import { contributionDelta } from '../../domain/activity-metrics.ts';
import { firstReadingDay } from '../../domain/dates.ts';
import { conflict } from '../../domain/errors.ts';
import { linksOfActivity } from '../catalogue/creator-links.ts';
import { Activities, standingUnchanged } from '../catalogue/activity-entity.ts';
import { aggregateUpdate, present } from '../table/aggregates.ts';
import { standingOf } from '../catalogue/cost-rollups.ts';
import { conditionHeld, getRecord } from '../table/entity.ts';
import { all, asRead, equals } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import { metricDaysWrites, readMetricDays } from './metric-days.ts';
import { transact } from '../table/transact.ts';

/** Rounds of reading again after a concurrent change (a reading, a link, another move). */
const ROUNDS = 6;

/**
 * Puts the activity's first reading on the day its start now implies in `timeZone` (the tenant's);
 * true when it moved. An activity that is gone or never read moves nothing.
 */
export async function placeFirstReading(tenantId: string, activityId: string, timeZone: string): Promise<boolean> {
  const key = Activities.key(tenantId, activityId);
  for (let round = 0; round < ROUNDS; round++) {
    const item = await getRecord(Activities, key, { consistent: true });
    const placed = item?.firstReading;
    if (!item || !placed) return false;
    const { day, backdated } = firstReadingDay(item.startAt, placed.fetchedAt, timeZone);
    if (day === placed.day && backdated === (item.firstReadingBackdated === true)) return false;
    const links = await linksOfActivity(tenantId, activityId);
    const campaignId = item.campaignId ?? null;
    const target = { campaignId, creatorIds: links.map((l) => l.creatorId) };
    const [from, to] = await readMetricDays(tenantId, [
      { activityId, date: placed.day },
      { activityId, date: day },
    ]);
    const part = { impressions: placed.impressions, engagement: placed.engagement };
    // The mark alone moves the standing: the same counter for the tenant, the campaign and each creator.
    const counts = contributionDelta(standingOf(item), standingOf({ ...item, firstReadingBackdated: backdated }));
    const aggregates = [
      keys.tenantAggregate(tenantId),
      ...(campaignId ? [keys.campaign(tenantId, campaignId)] : []),
      ...target.creatorIds.map((id) => keys.creator(tenantId, id)),
    ];
    const written = await conditionHeld((failure) =>
      transact(
        [
          Activities.tx.update(
            key,
            { set: { firstReading: { ...placed, day }, firstReadingBackdated: backdated } },
            {
              condition: all(
                standingUnchanged(item),
                asRead('startAt', item.startAt),
                equals('firstReading.day', placed.day),
                asRead('linksRevision', item.linksRevision),
                asRead('campaignId', campaignId),
              ),
            },
          ),
          // Both days at once: they may share a sparkline bucket, which a transaction updates once.
          ...(day === placed.day
            ? []
            : metricDaysWrites(tenantId, activityId, target, [
                {
                  date: placed.day,
                  delta: { impressions: -part.impressions, engagement: -part.engagement },
                  read: from!,
                },
                { date: day, delta: part, read: to! },
              ])),
          ...present(aggregates.map((k) => aggregateUpdate(k, { counts }))),
        ].map((write) => ({ ...write, failure })),
      ),
    );
    if (written) return true;
  }
  throw conflict('The activity kept changing while its first reading was being moved; retry.');
}
