/**
 * The metric refresh's throughput and write cost: one worker (the local runner's in-process queue,
 * batches of ten, one at a time, as one FIFO message group is served) reads a tenant's connected
 * activities through the real adapter path (`platformDeps`: the local fakes' HTTP APIs) and writes
 * their snapshots and rollups. Every write asks DynamoDB for its consumed capacity (indexes
 * included), so the write units per snapshot are measured, not estimated.
 *
 * Measured twice, each on a tenant of its own: activities alone (a reading moves the activity's and
 * the tenant's rollups) and activities each linked to a creator and a campaign, as a tenant's
 * content usually is (a reading also moves the creator's and the campaign's aggregate and day items).
 *
 * From the linked figures: what a tenant of 10,000 activities costs per day at the cadence, at
 * on-demand list prices (us-east-1: $0.625 per million write request units, $0.125 per million read
 * request units, SQS FIFO $0.50 per million requests, 3 requests per 10 readings: send, receive and
 * delete in batches of ten), for each phase of an activity's life (every 2 h for the first 7 days
 * after publish: 12 readings a day; daily to day 60: 1; weekly after: 1/7) and for a tenant whose
 * activities' ages spread evenly over a year (7 days at 12, 53 at 1, 305 at 1/7 readings a day).
 * The dispatcher's due-index reads and writes are in the figures; storage, Lambda, EventBridge,
 * follower-count refreshes and the platform APIs' own quotas are not.
 */
import { randomUUID } from 'node:crypto';
import { dispatchDue } from '../../functions/jobs/metric-refresh/dispatch.ts';
import { platformDeps } from '../../functions/jobs/metric-refresh/platform-deps.ts';
import { FakePlatforms } from '../../infra/local/fakes/platforms.ts';
import { LocalRefreshQueue } from '../../infra/local/metric-refresh.ts';
import { createActivity, linkCreator, updateActivity } from '../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../shared/db/campaigns/campaigns.ts';
import { createCreator } from '../../shared/db/catalogue/creators.ts';
import { dynamoClient } from '../../shared/db/table/client.ts';
import { createTenant } from '../../shared/db/tenancy/tenants.ts';
import { usePlatforms } from '../../shared/integrations/platforms/index.ts';
import { countReads, readsBetween } from './items-read.ts';

const ACTIVITIES = 200;
/** The linked tenant's creators and campaigns, each activity linked to one of each in turn. */
const CREATORS = 20;
const CAMPAIGNS = 5;
const PRICE = { writeUnitPerMillion: 0.625, readUnitPerMillion: 0.125, sqsFifoRequestPerMillion: 0.5 };
/** Readings per activity per day in each phase of the cadence. */
const READINGS_PER_DAY = { firstWeek: 12, toDay60: 1, after: 1 / 7 };
/** Days of a year an activity spends in each phase: a tenant whose activities' ages spread evenly over a year. */
const DAYS_IN_PHASE = { firstWeek: 7, toDay60: 53, after: 305 };

export interface RefreshRun {
  activities: number;
  counts: Record<string, number>;
  seconds: number;
  snapshotsPerSecond: number;
  writeUnits: number;
  writeUnitsPerSnapshot: number;
  readUnitsPerSnapshot: number;
}

type Phase = keyof typeof READINGS_PER_DAY | 'spreadOverAYear';

export interface MetricRefreshResult {
  /** Activities with no creator or campaign: the activity's and the tenant's rollups. */
  unlinked: RefreshRun;
  /** Each activity linked to one creator and one campaign: their aggregates and day items too. The cost is from these. */
  linked: RefreshRun & { creators: number; campaigns: number };
  assumptions: {
    prices: typeof PRICE;
    region: string;
    readingsPerActivityPerDay: typeof READINGS_PER_DAY;
    daysInPhaseForSpread: typeof DAYS_IN_PHASE;
    sqsRequestsPerReading: number;
    notCounted: string;
  };
  usdPerSnapshot: number;
  tenantOf10000PerDayUsd: Record<Phase, { snapshots: number; usd: number }>;
}

const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);
const writes = { units: 0 };
let installed = false;

/** Sums the write capacity every write reports (indexes included). */
function countWrites(): void {
  if (installed) return;
  installed = true;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (!WRITES.has(context.commandName ?? '')) return next(args);
      const result = await next({ ...args, input: { ...(args.input as object), ReturnConsumedCapacity: 'TOTAL' } });
      const consumed = (
        result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }
      ).ConsumedCapacity;
      for (const c of Array.isArray(consumed) ? consumed : [consumed]) writes.units += c?.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'benchWriteCounter' },
  );
}

export async function measureMetricRefresh(): Promise<MetricRefreshResult> {
  const fakes = await FakePlatforms.start();
  try {
    Object.assign(process.env, fakes.env());
    usePlatforms(undefined);
    return await measure();
  } finally {
    await fakes.stop();
  }
}

const SQS_REQUESTS_PER_READING = 3 / 10;

async function measure(): Promise<MetricRefreshResult> {
  const unlinked = await measureRun(false);
  const linked = { ...(await measureRun(true)), creators: CREATORS, campaigns: CAMPAIGNS };
  // A reading: its writes and reads, plus SQS send, receive and delete of its message (batched by ten).
  const usdPerSnapshot =
    (linked.writeUnitsPerSnapshot * PRICE.writeUnitPerMillion +
      linked.readUnitsPerSnapshot * PRICE.readUnitPerMillion +
      SQS_REQUESTS_PER_READING * PRICE.sqsFifoRequestPerMillion) /
    1e6;
  const spread =
    Object.entries(DAYS_IN_PHASE).reduce(
      (sum, [phase, days]) => sum + days * READINGS_PER_DAY[phase as keyof typeof READINGS_PER_DAY],
      0,
    ) / 365;
  const perActivity: Record<Phase, number> = { ...READINGS_PER_DAY, spreadOverAYear: spread };
  const perDay = Object.fromEntries(
    Object.entries(perActivity).map(([phase, readings]) => {
      const n = Math.round(10_000 * readings);
      return [phase, { snapshots: n, usd: Math.round(n * usdPerSnapshot * 10_000) / 10_000 }];
    }),
  ) as MetricRefreshResult['tenantOf10000PerDayUsd'];
  return {
    unlinked,
    linked,
    assumptions: {
      prices: PRICE,
      region: 'us-east-1 on-demand list prices',
      readingsPerActivityPerDay: READINGS_PER_DAY,
      daysInPhaseForSpread: DAYS_IN_PHASE,
      sqsRequestsPerReading: SQS_REQUESTS_PER_READING,
      notCounted: 'storage, Lambda, EventBridge, follower-count refreshes, platform API quotas',
    },
    usdPerSnapshot: Math.round(usdPerSnapshot * 1e9) / 1e9,
    tenantOf10000PerDayUsd: perDay,
  };
}

async function measureRun(linked: boolean): Promise<RefreshRun> {
  const tenantId = (
    await createTenant({ name: `Refresh bench${linked ? ' (linked)' : ''}`, ownerUserId: randomUUID() })
  ).id;
  const creatorIds: string[] = [];
  const campaignIds: string[] = [];
  if (linked) {
    for (let i = 0; i < CREATORS; i++) creatorIds.push((await createCreator(tenantId, { name: `Creator ${i}` })).id);
    for (let i = 0; i < CAMPAIGNS; i++)
      campaignIds.push((await createCampaign(tenantId, { name: `Campaign ${i}` })).id);
  }
  for (let i = 0; i < ACTIVITIES; i++) {
    const a = await createActivity(tenantId, { channel: 'youtube', activity: 'youtube_video', name: `Video ${i}` });
    if (linked) {
      await linkCreator(tenantId, a.id, creatorIds[i % CREATORS]!);
      await linkActivity(tenantId, campaignIds[i % CAMPAIGNS]!, a.id);
    }
    await updateActivity(
      tenantId,
      a.id,
      { contentHref: `https://www.youtube.com/watch?v=${String(i).padStart(11, linked ? 'l' : 'v')}` },
      { tracking: 'due' },
    );
  }
  countWrites();
  const reads = countReads();
  const queue = new LocalRefreshQueue();
  const deps = await platformDeps();
  const unitsBefore = writes.units;
  const readsBefore = reads.read();
  const began = performance.now();
  await dispatchDue(new Date(), queue);
  const counts = await queue.drain(deps);
  const seconds = (performance.now() - began) / 1000;
  const snapshots = counts.ok;
  const writeUnits = Math.round((writes.units - unitsBefore) * 10) / 10;
  const perSnapshot = snapshots ? writeUnits / snapshots : 0;
  const readPerSnapshot = snapshots ? readsBetween(readsBefore, reads.read()).capacityUnits / snapshots : 0;
  return {
    activities: ACTIVITIES,
    counts,
    seconds: Math.round(seconds * 100) / 100,
    snapshotsPerSecond: Math.round((snapshots / seconds) * 10) / 10,
    writeUnits,
    writeUnitsPerSnapshot: Math.round(perSnapshot * 100) / 100,
    readUnitsPerSnapshot: Math.round(readPerSnapshot * 100) / 100,
  };
}

export function printMetricRefresh(result: MetricRefreshResult): void {
  const run = (label: string, r: RefreshRun) => {
    console.log(
      `  ${label}: outcomes ${JSON.stringify(r.counts)} in ${r.seconds} s: ${r.snapshotsPerSecond} snapshots/s`,
    );
    console.log(
      `    ${r.writeUnitsPerSnapshot} write units and ${r.readUnitsPerSnapshot} read units per snapshot (rollups and due index included)`,
    );
  };
  console.log(`\nMetric refresh: one worker over the local fakes, ${result.unlinked.activities} activities per run`);
  run('activities alone', result.unlinked);
  run(
    `each linked to 1 of ${result.linked.creators} creators and 1 of ${result.linked.campaigns} campaigns`,
    result.linked,
  );
  const { prices, readingsPerActivityPerDay: cadence, daysInPhaseForSpread: days } = result.assumptions;
  console.log(
    `  Cost of a tenant of 10,000 linked activities per day: $${prices.writeUnitPerMillion}/M write units, $${prices.readUnitPerMillion}/M read units (DynamoDB on-demand), ` +
      `$${prices.sqsFifoRequestPerMillion}/M SQS FIFO requests (${result.assumptions.sqsRequestsPerReading} per reading), ${result.assumptions.region}: $${result.usdPerSnapshot} per snapshot`,
  );
  const label: Record<string, string> = {
    firstWeek: `all in the first 7 days (${cadence.firstWeek} readings/day)`,
    toDay60: `all in days 8-60 (${cadence.toDay60} reading/day)`,
    after: `all past day 60 (weekly, ${Math.round(cadence.after * 1000) / 1000}/day)`,
    spreadOverAYear: `ages spread over a year (${days.firstWeek}/${days.toDay60}/${days.after} days in each phase)`,
  };
  for (const [phase, { snapshots, usd }] of Object.entries(result.tenantOf10000PerDayUsd)) {
    console.log(
      `    ${(label[phase] ?? phase).padEnd(58)} ${String(snapshots).padStart(7)} snapshots/day  $${usd}/day`,
    );
  }
  console.log(`    not counted: ${result.assumptions.notCounted}`);
}
