/**
 * GET /v1/creators/metrics/history carries each day's spend now: the costs attributed to the
 * creator in the workspace currency, on the day their activity ran (startAt in the workspace's
 * timezone), or on the day the cost was created when the activity has no startAt.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { localDate } from '../../../shared/domain/dates.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { createWorkspace } from '../workspaces/helpers.ts';
import { createCreator } from './helpers.ts';

const TZ = 'Pacific/Auckland';
const DAY = 86_400_000;
let owner: TestUser;
let ws: string;

beforeAll(async () => {
  owner = await signUp('Owner');
  ws = (await createWorkspace(owner, { ianaTimezone: TZ })).id;
});

const cost = async (activityId: string, amount: number, extra: Record<string, unknown> = {}) => {
  const res = await call('POST', '/v1/activities/costs', {
    token: owner.token,
    body: { activityId, amount, currency: 'USD', type: 'creator_fee', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};

describe('creator metrics history spend', () => {
  it("puts each attributed cost on its activity's local day, or on its own day without startAt, in the workspace currency", async () => {
    const creator = await createCreator(owner, ws, { name: 'Ada' });
    const other = await createCreator(owner, ws, { name: 'Bo' });
    const ranAt = new Date(Date.now() - 3 * DAY).toISOString();
    const ran = await createActivity(ws, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Ran',
      startAt: ranAt,
      creatorId: creator.id,
    });
    const undated = await createActivity(ws, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Undated',
      creatorId: creator.id,
    });
    await cost(ran.id, 10);
    await cost(ran.id, 2.25);
    await cost(ran.id, 5, { currency: 'ARS' });
    await cost(ran.id, 99, { creatorId: other.id });
    const moved = await cost(undated.id, 1.5);
    await cost(undated.id, 7);
    // Attributed to another creator afterwards: no longer this creator's spend.
    const patched = await call('PATCH', `/v1/activities/costs/${moved.id}`, {
      token: owner.token,
      body: { creatorId: other.id },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const res = await call('GET', `/v1/creators/metrics/history?workspaceId=${ws}&creatorId=${creator.id}&daysBack=7`, {
      token: owner.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows: { date: string; spend: number }[] = res.body.items;
    expect(rows).toHaveLength(7);
    const today = localDate(new Date(), TZ);
    expect(rows.at(-1)!.date).toBe(today);
    const spendOn = Object.fromEntries(rows.filter((r) => r.spend !== 0).map((r) => [r.date, r.spend]));
    expect(spendOn).toEqual({ [localDate(ranAt, TZ)]: 12.25, [today]: 7 });
    expect(res.body._meta.currency).toBe('USD');
    // One warning names the other currency (others may name missing evidence, such as coverage).
    expect(res.body._meta.warnings.filter((w: string) => w.includes('ARS'))).toEqual([
      '5 ARS of costs is left out of the USD figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
    ]);
  });
});
