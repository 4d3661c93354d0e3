/**
 * Where each cost's spend is counted in the day rollups (docs/decisions.md "Money and metrics": a cost
 * counts on the day its activity ran). Each cost records its placement — `spendDay` and
 * `spendCampaignId`, the campaign whose day rollup counts it (null outside campaigns) — and is
 * always counted exactly once, on what it records. Moving the activity (another campaign, no
 * campaign, another startAt) leaves its costs where they are; `placeSpend` then moves each cost whose
 * placement differs from the one the activity now implies, ONE small transaction per cost: the
 * cost's new placement (conditioned on its `revision`, which every placement change bumps, so on
 * the placement read) with the day rollups' -old/+new, and a check that the activity is still as
 * read. So any number of costs moves; a crash midway leaves some costs moved and the rest on their
 * old placement, never counted twice, and running it again (a retried request does) finishes.
 *
 * A cost written meanwhile is placed by its own write (costs.ts: a new cost on the activity's
 * campaign and day as read, conditioned on them). Costs written before spendDay existed have none:
 * they were never counted in a day, and the same reconcile places them.
 */
import { costDay } from '../../domain/dates.ts';
import { conflict } from '../../domain/errors.ts';
import { placementOf, spendDayUpdates } from './cost-rollups.ts';
import { Activities, runEntry } from './activity-entity.ts';
import { Costs, readStoredCost, reconvertCost, type StoredCost } from './costs.ts';
import { readSpendCurrency } from './spend-order.ts';
import { getRecord, updateRecord } from '../table/entity.ts';
import { all, asRead, equals, exists } from '../table/expressions.ts';
import { queryRecords } from '../table/query.ts';
import { backoff, sleep } from '../table/retry.ts';
import { getTenant } from '../tenancy/tenants.ts';
import { transact } from '../table/transact.ts';
import { timeZoneOf } from '../../records/tenant.ts';

/** What decides where an activity's costs count: its campaign and start as read, and the tenant's timezone. */
export interface SpendTarget {
  activityId: string;
  campaignId: string | null;
  startAt: string | null;
  timeZone: string;
  /** The costs the activity counts (the index of its costs is complete when it lists as many). */
  costsCount: number;
}

/** Rounds of placeSpend: an index still catching up, or an activity moved again meanwhile. */
const ROUNDS = 8;

/** The activity's placement inputs, read consistently; undefined when it is gone (its costs go with it). */
export async function spendTargetOf(
  tenantId: string,
  activityId: string,
  timeZone?: string,
): Promise<SpendTarget | undefined> {
  const activity = await getRecord(Activities, Activities.key(tenantId, activityId), {
    consistent: true,
    attributes: ['campaignId', 'startAt', 'costsCount'],
  });
  if (!activity) return undefined;
  return {
    activityId,
    campaignId: activity.campaignId ?? null,
    startAt: activity.startAt ?? null,
    timeZone: timeZone ?? timeZoneOf(await getTenant(tenantId)),
    costsCount: Number(activity.costsCount ?? 0),
  };
}

/** The cost or the activity changed since they were read: read again. */
class PlacementStale extends Error {
  constructor(readonly what: 'cost' | 'activity') {
    super(`The ${what} changed meanwhile.`);
  }
}

/**
 * Moves one cost's spend to the placement `target` implies, in one transaction; false when it is
 * there already. Throws PlacementStale when the cost or the activity is no longer as read.
 */
export async function placeCost(tenantId: string, target: SpendTarget, cost: StoredCost): Promise<boolean> {
  const before = placementOf(cost);
  const after = {
    ...before,
    spendDay: costDay(target.startAt, cost.createdAt, target.timeZone),
    campaignId: target.campaignId,
  };
  if (before.spendDay === after.spendDay && before.campaignId === after.campaignId) return false;
  await transact([
    // The revision moves too, so a cost update that read the old placement is refused, not applied there.
    Costs.tx.update(
      Costs.key(tenantId, cost.id),
      { set: { spendDay: after.spendDay, spendCampaignId: after.campaignId }, add: { revision: 1 } },
      {
        condition: equals('revision', cost.revision),
        failure: () => new PlacementStale('cost'),
      },
    ),
    Activities.tx.check(Activities.key(tenantId, target.activityId), {
      condition: all(exists, asRead('campaignId', target.campaignId), asRead('startAt', target.startAt)),
      failure: () => new PlacementStale('activity'),
    }),
    ...spendDayUpdates(tenantId, [before], [after]),
  ]);
  return true;
}

/**
 * Puts every cost of the activity on the placement the activity now implies (see above); returns
 * how many it moved. Idempotent: a second run moves none. `timeZone`: the tenant's, read when absent.
 */
export async function placeSpend(tenantId: string, activityId: string, timeZone?: string): Promise<number> {
  let moved = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const target = await spendTargetOf(tenantId, activityId, timeZone);
    if (!target) return moved;
    // An activity that counts no cost has none to place: its counter is kept with every cost write, so no index read.
    const costs = target.costsCount ? await queryRecords(Costs.query.ofActivity(tenantId, activityId)) : [];
    // The index is eventually consistent: until it shows every cost the activity counts, read again.
    if (costs.length !== target.costsCount) {
      if (round < ROUNDS) await sleep(backoff(round));
      continue;
    }
    // The tenant's currency, read once when a moved cost without a conversion is in another one (its new day may have a rate).
    let currency: string | undefined;
    const mayConvert = async (cost: StoredCost) => {
      if (cost.conversion !== null) return true;
      currency ??= (await readSpendCurrency(tenantId)).currency;
      return cost.currency !== currency;
    };
    try {
      for (const listed of costs) {
        // The index may show an older version of a cost: on a refusal, read that cost itself once.
        let cost: StoredCost | undefined = listed;
        for (let tries = 0; cost && tries < 3; tries++) {
          try {
            const dayMoves = placementOf(cost).spendDay !== costDay(target.startAt, cost.createdAt, target.timeZone);
            if (await placeCost(tenantId, target, cost)) {
              moved++;
              // Its day moved: so may its rate, or a rate may exist where none did (docs/decisions.md "Money and metrics"); written only when it changes.
              const placed = dayMoves && (await mayConvert(cost)) ? await readStoredCost(tenantId, cost.id) : undefined;
              if (placed) await reconvertCost(tenantId, placed);
            }
            cost = undefined;
          } catch (error) {
            if (!(error instanceof PlacementStale) || error.what === 'activity') throw error;
            cost = await readStoredCost(tenantId, listed.id);
          }
        }
        if (cost) throw conflict('A cost of the activity kept changing while its spend was being moved; retry.');
      }
      return moved;
    } catch (error) {
      // The activity moved again meanwhile: start over from what it implies now.
      if (!(error instanceof PlacementStale)) throw error;
    }
  }
  throw conflict("The activity's costs kept changing while their spend was being moved; retry.");
}

/**
 * Sets the activity's `startAt` (the one writer of it, with its entry by the instant it ran), then
 * moves its costs' spend to the days it implies in `timeZone`. Bumping `costsRevision` sends a
 * cost write that read the old start round again (it then lands on the new day by itself); a
 * retried request sets the same start and finishes any move left undone.
 */
export async function setStartAtMovingSpend(
  tenantId: string,
  activity: { id: string; createdAt: string },
  startAt: string | null,
  timeZone: string,
): Promise<void> {
  // 404 'The activity' when it is gone (the entity's not-found).
  const set = { startAt, updatedAt: new Date().toISOString(), ...runEntry(tenantId, activity, startAt) };
  await updateRecord(Activities, Activities.key(tenantId, activity.id), { set, add: { costsRevision: 1 } });
  await placeSpend(tenantId, activity.id, timeZone);
}
