/**
 * The metric refresh's throughput and write cost: one worker (the local runner's in-process queue,
 * batches of ten, one at a time, as one FIFO message group is served) reads a tenant's connected
 * activities through the real adapter path (`platformDeps`: the local fakes' HTTP APIs) and writes
 * their snapshots and rollups. Every write asks DynamoDB for its consumed capacity (indexes
 * included), so the write units per snapshot are measured, not estimated.
 *
 * From those: what a tenant of 10,000 activities costs per day at the cadence, at on-demand list
 * prices (us-east-1: $0.625 per million write request units, $0.125 per million read request
 * units, SQS FIFO $0.50 per million requests), for the three phases of an activity's life.
 */
import { randomUUID } from 'node:crypto';
import { dispatchDue } from '../../functions/jobs/metric-refresh/dispatch.ts';
import { platformDeps } from '../../functions/jobs/metric-refresh/platform-deps.ts';
import { FakePlatforms } from '../../infra/local/fakes/platforms.ts';
import { LocalRefreshQueue } from '../../infra/local/metric-refresh.ts';
import { createActivity, updateActivity } from '../../shared/db/activities.ts';
import { dynamoClient } from '../../shared/db/client.ts';
import { createTenant } from '../../shared/db/tenants.ts';
import { resetPlatformConfig } from '../../shared/integrations/platforms/index.ts';
import { countReads, readsBetween } from './items-read.ts';

const ACTIVITIES = 200;
const PRICE = { writeUnitPerMillion: 0.625, readUnitPerMillion: 0.125, sqsFifoRequestPerMillion: 0.5 };
/** Readings per activity per day in each phase of the cadence. */
const READINGS_PER_DAY = { firstWeek: 12, toDay60: 1, after: 1 / 7 };

export interface MetricRefreshResult {
  activities: number;
  counts: Record<string, number>;
  seconds: number;
  snapshotsPerSecond: number;
  writeUnits: number;
  writeUnitsPerSnapshot: number;
  readUnitsPerSnapshot: number;
  prices: typeof PRICE;
  tenantOf10000PerDayUsd: Record<keyof typeof READINGS_PER_DAY, { snapshots: number; usd: number }>;
}

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);
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
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
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
    resetPlatformConfig();
    return await measure();
  } finally {
    await fakes.stop();
  }
}

async function measure(): Promise<MetricRefreshResult> {
  const tenantId = (await createTenant({ name: 'Refresh bench', ownerUserId: randomUUID() })).id;
  for (let i = 0; i < ACTIVITIES; i++) {
    const a = await createActivity(tenantId, { channel: 'youtube', activity: 'youtube_video', name: `Video ${i}` });
    await updateActivity(tenantId, a.id, { contentHref: `https://www.youtube.com/watch?v=${String(i).padStart(11, 'v')}` }, { tracking: 'due' });
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
  // A reading: its writes and reads, plus SQS send, receive and delete of its message (batched by ten).
  const usdPerSnapshot = (perSnapshot * PRICE.writeUnitPerMillion + readPerSnapshot * PRICE.readUnitPerMillion + (3 / 10) * PRICE.sqsFifoRequestPerMillion) / 1e6;
  const perDay = Object.fromEntries(
    Object.entries(READINGS_PER_DAY).map(([phase, perActivity]) => {
      const n = Math.round(10_000 * perActivity);
      return [phase, { snapshots: n, usd: Math.round(n * usdPerSnapshot * 10_000) / 10_000 }];
    }),
  ) as MetricRefreshResult['tenantOf10000PerDayUsd'];
  return {
    activities: ACTIVITIES,
    counts,
    seconds: Math.round(seconds * 100) / 100,
    snapshotsPerSecond: Math.round((snapshots / seconds) * 10) / 10,
    writeUnits,
    writeUnitsPerSnapshot: Math.round(perSnapshot * 100) / 100,
    readUnitsPerSnapshot: Math.round(readPerSnapshot * 100) / 100,
    prices: PRICE,
    tenantOf10000PerDayUsd: perDay,
  };
}

export function printMetricRefresh(result: MetricRefreshResult): void {
  console.log(`\nMetric refresh: one worker over the local fakes, ${result.activities} activities`);
  console.log(`  outcomes ${JSON.stringify(result.counts)} in ${result.seconds} s: ${result.snapshotsPerSecond} snapshots/s`);
  console.log(`  ${result.writeUnitsPerSnapshot} write units and ${result.readUnitsPerSnapshot} read units per snapshot (rollups and due index included)`);
  for (const [phase, { snapshots, usd }] of Object.entries(result.tenantOf10000PerDayUsd)) {
    console.log(`  10,000 activities all ${phase.padEnd(9)}: ${snapshots} snapshots/day, $${usd}/day (DynamoDB on-demand + SQS FIFO, us-east-1 list prices)`);
  }
}
