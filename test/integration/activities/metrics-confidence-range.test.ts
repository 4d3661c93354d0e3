/**
 * GET /v1/activities/metrics/confidence reads a bounded range (docs/decisions.md "Inputs"): at most 366 days
 * (an open end filled, a longer range 400, as the reports), and only the activities that ran in it,
 * never the tenant's others; each on its start in the tenant's timezone, else its creation, as
 * its start is set, changed or cleared.
 */
import { describe, expect, it } from 'vitest';
import { activitiesRunBetween } from '../../../shared/db/catalogue/activities-run.ts';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { dayEnd, dayStart, localDate } from '../../../shared/domain/dates.ts';
import { addDays } from '../../../shared/domain/reporting/days.ts';
import { call } from '../../support/call.ts';
import { signUp } from '../../support/users.ts';
import { countReads, readsBetween } from '../../bench/items-read.ts';
import { newOrganization } from '../costs/helpers.ts';
import { newActivity, paths } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

const confidence = (org: Org, query = '') =>
  call('GET', `/v1/activities/metrics/confidence?organizationId=${org.organizationId}${query}`, {
    token: org.owner.token,
  });
const youtube = (name: string, startAt: string | null = null) => ({
  channel: 'youtube',
  activity: 'youtube_video',
  name,
  startAt,
});

describe('metrics confidence range', () => {
  it('is at most 366 days: a longer range is 400 naming endDate, 366 days are answered', async () => {
    const org = await newOrg();
    for (const query of ['&startDate=1970-01-01&endDate=2100-12-31', '&startDate=2025-01-01&endDate=2026-01-02']) {
      const res = await confidence(org, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({
        code: 'invalid_input',
        detail: 'The range may cover at most 366 days (startDate to endDate inclusive).',
      });
      expect(paths(res)).toEqual(['endDate']);
    }
    const year = await confidence(org, '&startDate=2024-01-01&endDate=2024-12-31');
    expect(year.status).toBe(200);
    expect(year.body.data).toMatchObject({ startDate: '2024-01-01', endDate: '2024-12-31' });
  });

  it('answers the first and last dates a request can name (1970 to 2100), in any timezone, never a 500; refuses dates past them', async () => {
    const owner = await signUp('Edge Owner');
    for (const ianaTimezone of ['UTC', 'Pacific/Auckland', 'Pacific/Honolulu']) {
      const org = { owner, organizationId: await newOrganization(owner, { ianaTimezone }) };
      const cases: [string, { startDate: string; endDate: string }][] = [
        ['&startDate=2100-06-01', { startDate: '2100-06-01', endDate: '2100-12-31' }],
        ['&startDate=2100-01-01&endDate=2100-12-31', { startDate: '2100-01-01', endDate: '2100-12-31' }],
        ['&endDate=1970-03-01', { startDate: '1970-01-01', endDate: '1970-03-01' }],
        ['&startDate=1970-01-01&endDate=1970-12-31', { startDate: '1970-01-01', endDate: '1970-12-31' }],
      ];
      for (const [query, range] of cases) {
        const res = await confidence(org, query);
        expect(res.status, `${ianaTimezone} ${query}`).toBe(200);
        expect(res.body.data).toMatchObject({ ...range, activitiesConsidered: 0 });
      }
      // docs/decisions.md "Inputs": the years 1970 to 2100 only, each date named on its own.
      const outside = await confidence(org, '&startDate=9999-06-01&endDate=1969-12-31');
      expect(outside.status).toBe(400);
      expect(paths(outside).sort()).toEqual(['endDate', 'startDate']);
    }
  });

  it('fills an open end to 366 days, and says which range it read', async () => {
    const org = await newOrg();
    const today = localDate(new Date(), 'UTC');
    await newActivity(org); // runs today (its creation)
    await newActivity(org, { startAt: '2025-03-01T12:00:00Z' });
    const cases: [string, { startDate: string; endDate: string }, number][] = [
      ['', { startDate: addDays(today, -365), endDate: today }, 1],
      ['&startDate=2025-02-01', { startDate: '2025-02-01', endDate: '2026-02-01' }, 1],
      ['&endDate=2025-06-30', { startDate: '2024-06-30', endDate: '2025-06-30' }, 1],
    ];
    for (const [query, range, considered] of cases) {
      const res = await confidence(org, query);
      expect(res.status, query).toBe(200);
      expect(res.body.data, query).toMatchObject({ ...range, activitiesConsidered: considered });
    }
  });

  it("reads only the activities that ran in the range, not the tenant's others", async () => {
    const org = await newOrg();
    for (let i = 0; i < 3; i++)
      await createActivity(org.organizationId, youtube(`in ${i}`, `2026-02-0${i + 2}T09:00:00.000Z`));
    for (let i = 0; i < 40; i++)
      await createActivity(
        org.organizationId,
        youtube(`out ${i}`, `2020-05-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00.000Z`),
      );
    const reads = countReads();
    const before = reads.read();
    const res = await confidence(org, '&startDate=2026-02-01&endDate=2026-02-10');
    const read = readsBetween(before, reads.read());
    expect(res.body.data).toMatchObject({ activitiesConsidered: 3 });
    // The 3 activities and what every request reads (the caller's membership, the tenant): not the 40 others.
    expect(read.itemsRead).toBeLessThan(10);
  });

  it("counts an activity on its start in the tenant's timezone, else on its creation, as its start is set, moved or cleared", async () => {
    const owner = await signUp('Confidence Owner');
    const org = { owner, organizationId: await newOrganization(owner, { ianaTimezone: 'Asia/Tokyo' }) };
    const today = localDate(new Date(), 'Asia/Tokyo');
    // 16:00 UTC on the 10th is 01:00 on the 11th in Tokyo.
    const a = await newActivity(org, { startAt: '2026-02-10T16:00:00Z' });
    const considered = async (query: string) => (await confidence(org, query)).body.data.activitiesConsidered;
    expect(await considered('&startDate=2026-02-10&endDate=2026-02-10')).toBe(0);
    expect(await considered('&startDate=2026-02-11&endDate=2026-02-11')).toBe(1);
    const patch = (body: Record<string, unknown>) =>
      call('PATCH', `/v1/activities/${a.id}`, { token: owner.token, body: { name: 'Launch video', ...body } });
    expect((await patch({ startAt: '2026-03-01T03:00:00Z' })).status).toBe(200);
    expect(await considered('&startDate=2026-02-11&endDate=2026-02-11')).toBe(0);
    expect(await considered('&startDate=2026-03-01&endDate=2026-03-01')).toBe(1);
    expect((await patch({ startAt: null })).status).toBe(200);
    expect(await considered('&startDate=2026-03-01&endDate=2026-03-01')).toBe(0);
    expect(await considered(`&startDate=${today}&endDate=${today}`)).toBe(1);
  });

  it('reads at most a limit of the index range, and answers nothing rather than more', async () => {
    const org = await newOrg();
    for (let i = 0; i < 3; i++)
      await createActivity(org.organizationId, youtube(`a ${i}`, `2026-02-0${i + 2}T09:00:00.000Z`));
    const from = dayStart('2026-02-01', 'UTC');
    const to = dayEnd('2026-02-10', 'UTC');
    expect(await activitiesRunBetween(org.organizationId, from, to, 3)).toHaveLength(3);
    expect(await activitiesRunBetween(org.organizationId, from, to, 2)).toBeUndefined();
  });
});
