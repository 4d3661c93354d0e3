/** Day rollups: created by their first ADD, summed exactly, read back for a date range in one query. */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dayRollupUpdate, mergeDayDeltas, readDays } from '../../../shared/db/metrics/day-rollups.ts';
import { documentClient } from '../../../shared/db/table/client.ts';

const add = (...updates: ReturnType<typeof dayRollupUpdate>[]) =>
  documentClient().send(new TransactWriteCommand({ TransactItems: updates.map((u) => u!) }));

describe('day rollups', () => {
  it('creates a day on its first ADD, adds later changes, and reads only the range asked for, oldest first', async () => {
    const tenantId = randomUUID();
    const campaign = { kind: 'campaign', id: randomUUID() } as const;
    await add(
      dayRollupUpdate(tenantId, campaign, '2026-11-21', { impressions: 100, engagement: 7, spend: { USD: 10.1 } }),
    );
    await add(
      dayRollupUpdate(tenantId, campaign, '2026-11-21', { impressions: -20, spend: { USD: 0.2, JPY: 500 } }),
      dayRollupUpdate(tenantId, campaign, '2026-11-23', { engagement: 3 }),
      dayRollupUpdate(tenantId, { kind: 'tenant' }, '2026-11-22', { impressions: 5 }),
      dayRollupUpdate(tenantId, campaign, '2026-11-24', { impressions: 9 }),
    );
    expect(await readDays(tenantId, campaign, '2026-11-20', '2026-11-23')).toEqual([
      { date: '2026-11-21', impressions: 80, engagement: 7, spend: { USD: 10.3, JPY: 500 } },
      { date: '2026-11-23', impressions: 0, engagement: 3, spend: {} },
    ]);
    expect(await readDays(tenantId, { kind: 'tenant' }, '2026-11-22', '2026-11-22')).toEqual([
      { date: '2026-11-22', impressions: 5, engagement: 0, spend: {} },
    ]);
  });

  it('skips an all-zero change and merges a batch into one change per day', () => {
    expect(
      dayRollupUpdate('t', { kind: 'tenant' }, '2026-11-23', { impressions: 0, spend: { USD: 0 } }),
    ).toBeUndefined();
    expect(
      mergeDayDeltas(
        { impressions: 1, spend: { USD: 1 } },
        { impressions: 2, engagement: 4, spend: { USD: 2, EUR: 1 } },
      ),
    ).toEqual({
      impressions: 3,
      engagement: 4,
      spend: { USD: 3, EUR: 1 },
    });
  });
});
