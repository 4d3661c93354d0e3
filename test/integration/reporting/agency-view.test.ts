/**
 * The agency view (docs/decisions.md "Agency view"): GET /v1/reporting/organization/workspaces.
 * A GBP agency organization with a EUR and a USD workspace the caller belongs to, and workspaces it
 * does not (another owner's, and one where its membership is still pending). Every row must be what
 * that tenant's own organization metrics say; `convertedTotalCosts` is checked against a cross rate
 * this test reads itself from the repository's ECB file (a regular expression, not the service's
 * parser); totals are recomputed from the rows and the tenants' own bases.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { createOutcomeDefinition } from '../../../shared/db/evidence/outcome-definitions.ts';
import { createMeasurement } from '../../../shared/db/evidence/outcome-measurements.ts';
import { recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import { useRateTable } from '../../../shared/integrations/rates/index.ts';
import { standInRates } from '../../../shared/integrations/rates/local.ts';
import { call } from '../../support/call.ts';
import { youtubeReading } from '../../support/readings.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember } from '../organizations/helpers.ts';
import { newCost } from '../costs/helpers.ts';
import { getOk } from './helpers.ts';

const ROUTE = '/v1/reporting/organization/workspaces';

/** The ECB's quotes of its last publication in the repository's file, read here with a regular expression. */
function lastPublication(): { date: string; rates: Record<string, number> } {
  const xml = readFileSync(
    new URL('../../../shared/integrations/rates/data/eurofxref-hist-90d-2017-03-03.xml', import.meta.url),
    'utf8',
  );
  const days = [...xml.matchAll(/<Cube time="(\d{4}-\d{2}-\d{2})">(.*?)<\/Cube>/gs)].map(([, date, body]) => ({
    date: date!,
    rates: Object.fromEntries(
      [...body!.matchAll(/currency="([A-Z]{3})" rate="([\d.]+)"/g)].map(([, c, r]) => [c!, Number(r)]),
    ),
  }));
  return days.sort((a, b) => b.date.localeCompare(a.date))[0]!;
}

const ECB = lastPublication();
/** Units of `to` for one `from`: the ECB's quote of `to` over its quote of `from` (both per 1 EUR). */
const rate = (from: string, to: string) =>
  (to === 'EUR' ? 1 : ECB.rates[to]!) / (from === 'EUR' ? 1 : ECB.rates[from]!);
/** Half away from zero to 2 decimals (GBP's minor unit), on the decimal value rather than its binary artefact. */
const round2 = (x: number) => (Math.sign(x) * Math.round(Number((Math.abs(x) * 100).toPrecision(12)))) / 100;

const query = (q: Record<string, string | number>) =>
  `${ROUTE}?${new URLSearchParams(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])))}`;

async function newTenant(
  user: TestUser,
  path: '/v1/organizations' | '/v1/workspaces',
  body: Record<string, unknown>,
): Promise<string> {
  const res = await call('POST', path, { token: user.token, body: { userId: user.userId, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** An activity of the tenant with manual counts and a cost of `user`'s. */
async function paidActivity(
  user: TestUser,
  tenantId: string,
  name: string,
  { views, likes, amount, currency }: { views?: number; likes?: number; amount?: number; currency?: string },
) {
  const activity = await createActivity(tenantId, { channel: 'youtube', activity: 'youtube_video', name });
  if (views !== undefined || likes !== undefined)
    await updateActivity(tenantId, activity.id, {
      ...(views !== undefined ? { viewsCount: views } : {}),
      ...(likes !== undefined ? { likeCount: likes } : {}),
    });
  if (amount !== undefined) await newCost(user, { activityId: activity.id, amount, currency });
  return activity.id;
}

let owner: TestUser;
let coOwner: TestUser;
let agency: string;
let eur: string;
let usd: string;
let hidden: string;
let pending: string;
let elsewhere: string;

beforeAll(async () => {
  owner = await signUp('Agency Owner');
  coOwner = await signUp('Co-owner');
  agency = await newTenant(owner, '/v1/organizations', { name: 'Northwind Agency', currency: 'GBP' });
  eur = await newTenant(owner, '/v1/workspaces', {
    name: 'Alpine Outfitters',
    currency: 'EUR',
    organizationId: agency,
  });
  usd = await newTenant(owner, '/v1/workspaces', { name: 'Bay Coffee', currency: 'USD', organizationId: agency });
  // A workspace of the agency made by another owner: the caller has no membership in it.
  await addMember(agency, owner, coOwner, 'owner');
  hidden = await newTenant(coOwner, '/v1/workspaces', {
    name: 'Hidden Brand',
    currency: 'EUR',
    organizationId: agency,
  });
  // One where the caller's membership is pending: no access yet.
  pending = await newTenant(coOwner, '/v1/workspaces', {
    name: 'Pending Brand',
    currency: 'GBP',
    organizationId: agency,
  });
  const invite = await call('POST', `/v1/workspaces/${pending}/users`, {
    token: coOwner.token,
    body: { userId: owner.userId, role: 'viewer' },
  });
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  // The caller's own organization elsewhere: not the agency's.
  elsewhere = await newTenant(owner, '/v1/organizations', { name: 'Another Agency', currency: 'GBP' });

  await paidActivity(owner, agency, 'Agency reel', { views: 64_302, likes: 1_210, amount: 1350.4, currency: 'GBP' });
  await paidActivity(owner, agency, 'Agency draft', { amount: 250, currency: 'GBP' });

  const alpine = await paidActivity(owner, eur, 'Alpine video', { views: 153_841, amount: 1234.57, currency: 'EUR' });
  // A cost in USD in the EUR workspace: the workspace's own report converts it into EUR.
  await paidActivity(owner, eur, 'Alpine short', { views: 9_000, likes: 450, amount: 99.99, currency: 'USD' });
  await recordReadings(eur, [
    {
      activityId: alpine,
      reading: youtubeReading(new Date(Date.now() - 3_600_000).toISOString(), {
        views: 160_000,
        likes: 2_000,
        comments: 77,
      }),
    },
  ]);

  const bay = await paidActivity(owner, usd, 'Bay launch', {
    views: 40_000,
    likes: 3_333,
    amount: 777.77,
    currency: 'USD',
  });
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  const launch = await createCampaign(usd, { name: 'Launch', startAt: yesterday });
  await createCampaign(usd, { name: 'Someday' });
  await linkActivity(usd, launch.id, bay);
  const signUps = await createOutcomeDefinition(usd, { name: 'Sign-ups', valueKind: 'count' });
  await createMeasurement(usd, launch.id, { outcomeDefinitionId: signUps.id, value: 37, sourceMethod: 'manual' }, null);

  await paidActivity(coOwner, hidden, 'Hidden video', {
    views: 1_000_000,
    likes: 50_000,
    amount: 99_999,
    currency: 'EUR',
  });
  await paidActivity(coOwner, pending, 'Pending video', { views: 500_000, amount: 55_555, currency: 'GBP' });
  await paidActivity(owner, elsewhere, 'Elsewhere video', { views: 7_777, amount: 7_777, currency: 'GBP' });
});

afterEach(() => useRateTable(standInRates));

const view = (user: TestUser, q: Record<string, string | number> = {}) =>
  getOk(user, ROUTE, { organizationId: agency, pageIndex: 0, pageSize: 100, ...q });

describe('GET /v1/reporting/organization/workspaces', () => {
  it('gives one row per tenant the caller can read, each what its own organization metrics say, converted at the last ECB publication', async () => {
    const { data, _meta } = await view(owner);
    expect(data.currency).toBe('GBP');
    expect(_meta.currency).toBe('GBP');
    // The agency and its two workspaces the caller belongs to; not the other owner's, not the pending one, not another organization.
    const ids = data.items.map((r: { workspaceId: string }) => r.workspaceId);
    expect(new Set(ids)).toEqual(new Set([agency, eur, usd]));
    for (const absent of [hidden, pending, elsewhere]) expect(ids).not.toContain(absent);
    expect(data.totalCount).toBe(3);
    // By name.
    expect(data.items.map((r: { name: string }) => r.name)).toEqual([
      'Alpine Outfitters',
      'Bay Coffee',
      'Northwind Agency',
    ]);

    for (const row of data.items) {
      const own = await getOk(owner, '/v1/reporting/organization/metrics', { organizationId: row.workspaceId });
      const { totalCosts, impressions, engagement, cpm, cpe, conversions, cpa, currency } = own.data;
      expect(row, row.name).toMatchObject({
        currency,
        totalCosts,
        impressions,
        engagement,
        cpm,
        cpe,
        conversions,
        cpa,
      });
      expect(row.freshness, row.name).toBe(own._meta.freshness);
      expect(row.warnings, row.name).toEqual(own._meta.warnings);
      const portfolio = await getOk(owner, '/v1/reporting/campaign/portfolio', {
        organizationId: row.workspaceId,
        daysBack: 30,
      });
      expect(row.activeCampaigns, row.name).toBe(portfolio.data.counts.active);
      expect(row.convertedTotalCosts, row.name).toBe(round2(row.totalCosts * rate(row.currency, 'GBP')));
    }
    const byId = new Map<string, Record<string, any>>(data.items.map((r: Record<string, any>) => [r.workspaceId, r]));
    // The figures are there to be compared (a test over empty rows would prove nothing).
    expect(byId.get(eur)).toMatchObject({ currency: 'EUR', activeCampaigns: 0 });
    expect(byId.get(eur)!.totalCosts).toBeGreaterThan(1234.57);
    expect(byId.get(eur)!.freshness).not.toBeNull();
    expect(byId.get(usd)).toMatchObject({ currency: 'USD', totalCosts: 777.77, conversions: 37, activeCampaigns: 1 });
    expect(byId.get(agency)).toMatchObject({ currency: 'GBP', totalCosts: 1600.4, convertedTotalCosts: 1600.4 });
    // The rate is the last publication's: 2017-03-03 in the repository's file, GBP 0.86355 and USD 1.0565 per EUR.
    expect(ECB.date).toBe('2017-03-03');
    expect(_meta.provenance.exchangeRates).toEqual([
      { currency: 'EUR', rate: rate('EUR', 'GBP'), rateDate: ECB.date, source: 'ecb' },
      { currency: 'USD', rate: rate('USD', 'GBP'), rateDate: ECB.date, source: 'ecb' },
    ]);
  });

  it('totals every row in the organization currency, from the rows and their converted bases, and names each conversion', async () => {
    const { data, _meta } = await view(owner, { pageSize: 1 });
    const all = (await view(owner)).data.items as Record<string, any>[];
    const sum = (pick: (r: Record<string, any>) => number) => all.reduce((total, r) => total + pick(r), 0);
    // Totals cover every row, not only this one-row page.
    expect(data.items).toHaveLength(1);
    expect(data.totals.totalCosts).toBe(round2(sum((r) => r.convertedTotalCosts)));
    expect(data.totals.impressions).toBe(sum((r) => r.impressions));
    expect(data.totals.engagement).toBe(sum((r) => r.engagement));
    expect(data.totals.conversions).toBe(sum((r) => r.conversions ?? 0));

    // The bases: each tenant's own, its spend converted at its row's rate and rounded, summed.
    const own = await Promise.all(
      all.map(async (r) => ({
        row: r,
        basis: (await getOk(owner, '/v1/reporting/organization/metrics', { organizationId: r.workspaceId }))._meta
          .provenance.basis,
      })),
    );
    const convertedSum = (pick: (b: Record<string, any>) => number) =>
      round2(own.reduce((total, { row, basis }) => total + round2(pick(basis) * rate(row.currency, 'GBP')), 0));
    const ownSum = (pick: (b: Record<string, any>) => number) =>
      own.reduce((total, { basis }) => total + pick(basis), 0);
    const { basis } = _meta.provenance;
    expect(basis.cpm).toEqual({
      spend: convertedSum((b) => b.cpm.spend),
      impressions: ownSum((b) => b.cpm.impressions),
      activities: ownSum((b) => b.cpm.activities),
    });
    expect(basis.cpe).toEqual({
      spend: convertedSum((b) => b.cpe.spend),
      engagement: ownSum((b) => b.cpe.engagement),
      activities: ownSum((b) => b.cpe.activities),
    });
    expect(basis.cpa).toEqual({
      spend: convertedSum((b) => b.cpa.spend),
      conversions: ownSum((b) => b.cpa.conversions),
      campaigns: ownSum((b) => b.cpa.campaigns),
    });
    expect(basis.cpm.activities).toBeGreaterThan(0);
    expect(basis.cpa.conversions).toBe(37);
    // What a reader does with them.
    expect(data.totals.cpm).toBe(round2((basis.cpm.spend / basis.cpm.impressions) * 1000));
    expect(data.totals.cpe).toBe(round2(basis.cpe.spend / basis.cpe.engagement));
    expect(data.totals.cpa).toBe(round2(basis.cpa.spend / basis.cpa.conversions));

    // One entry per other currency, at the one rate day.
    const entry = (currency: string) => {
      const row = all.find((r) => r.currency === currency)!;
      return {
        currency,
        amount: row.totalCosts,
        converted: row.convertedTotalCosts,
        source: 'ecb',
        firstRateDate: ECB.date,
        lastRateDate: ECB.date,
      };
    };
    expect(basis.conversions).toEqual([entry('EUR'), entry('USD')]);
    expect(_meta.provenance.costsCount).toBe(5);
    // The rows' own warnings are named by their row; nothing is left out for want of a rate.
    expect(
      _meta.warnings.every((w: string) => /^"(Alpine Outfitters|Bay Coffee|Northwind Agency)": /.test(w)),
      JSON.stringify(_meta.warnings),
    ).toBe(true);
    expect(JSON.stringify(_meta)).not.toMatch(/Hidden|Pending|Another/);
  });

  it('leaves a row whose currency the last publication does not quote out of the totals, and says so', async () => {
    const latest = (await standInRates.latest())!;
    const { USD: _usd, ...withoutUsd } = latest.rates;
    useRateTable({
      onOrBefore: standInRates.onOrBefore,
      latest: async () => ({ date: latest.date, rates: withoutUsd }),
    });
    const { data, _meta } = await view(owner);
    const rows = data.items as Record<string, any>[];
    const bay = rows.find((r) => r.workspaceId === usd)!;
    expect(bay.convertedTotalCosts).toBeNull();
    expect(bay.totalCosts).toBe(777.77);
    const counted = rows.filter((r) => r.workspaceId !== usd);
    expect(data.totals.totalCosts).toBe(round2(counted.reduce((t, r) => t + r.convertedTotalCosts, 0)));
    expect(data.totals.impressions).toBe(counted.reduce((t, r) => t + r.impressions, 0));
    expect(data.totals.conversions).toBeNull();
    expect(data.totals.cpa).toBeNull();
    expect(_meta.provenance.basis.conversions.map((c: { currency: string }) => c.currency)).toEqual(['EUR']);
    expect(_meta.warnings).toContain(
      `"Bay Coffee" (USD) is left out of the GBP totals: the ECB's last publication (${ECB.date}) quotes no USD. Its 777.77 USD of costs, 40,000 impressions and 3,333 engagement are in its row only.`,
    );
    expect(_meta.warnings.filter((w: string) => w.startsWith('"Bay Coffee": '))).toEqual([]);
  });

  it('shows a viewer of the organization only what it can read, and refuses anyone who is not an active member', async () => {
    const viewer = await signUp('Viewer');
    await addMember(agency, owner, viewer, 'viewer');
    const seen = await view(viewer);
    expect(seen.data.items.map((r: { workspaceId: string }) => r.workspaceId)).toEqual([agency]);
    expect(seen.data.totalCount).toBe(1);
    const own = await getOk(viewer, '/v1/reporting/organization/metrics', { organizationId: agency });
    expect(seen.data.totals).toMatchObject({
      totalCosts: own.data.totalCosts,
      impressions: own.data.impressions,
      cpm: own.data.cpm,
    });

    const ask = (user: TestUser) =>
      call('GET', query({ organizationId: agency, pageIndex: 0, pageSize: 10 }), { token: user.token });
    const outsider = await signUp('Outsider');
    expectProblem(await ask(outsider), 403, 'forbidden');
    // A member of one of its workspaces only is no member of the organization.
    const brandOnly = await signUp('Brand only');
    await addMember(eur, owner, brandOnly, 'owner');
    expectProblem(await ask(brandOnly), 403, 'forbidden');
    // Nor is a pending membership of the organization.
    const invited = await signUp('Invited');
    const invite = await call('POST', `/v1/workspaces/${agency}/users`, {
      token: owner.token,
      body: { userId: invited.userId, role: 'viewer' },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    expectProblem(await ask(invited), 403, 'forbidden');
    // A tenant id that does not exist is refused the same way (existence is never leaked).
    expectProblem(
      await call('GET', query({ organizationId: randomUUID(), pageIndex: 0, pageSize: 10 }), { token: owner.token }),
      403,
      'forbidden',
    );
  });

  it('pages like every list: a partial last page, an exact multiple, an empty page past the end, the totals the same on each', async () => {
    const full = (await view(owner)).data;
    const order = full.items.map((r: { workspaceId: string }) => r.workspaceId);
    for (const pageSize of [1, 2, 3, 4]) {
      const pages = Math.ceil(3 / pageSize);
      const seen: string[] = [];
      for (let pageIndex = 0; pageIndex <= pages; pageIndex++) {
        const { data } = await view(owner, { pageIndex, pageSize });
        expect(data.totalCount).toBe(3);
        expect(data.totals).toEqual(full.totals);
        // Full pages, then what is left (2 of pageSize 2 then 1; 3 of pageSize 3 and nothing after), then empty.
        const expected = pageIndex < pages ? Math.min(pageSize, 3 - pageIndex * pageSize) : 0;
        expect(data.items, `pageSize ${pageSize}, pageIndex ${pageIndex}`).toHaveLength(expected);
        seen.push(...data.items.map((r: { workspaceId: string }) => r.workspaceId));
      }
      expect(seen).toEqual(order);
    }
  });

  it('sorts by name, then id', async () => {
    const user = await signUp('Twins owner');
    const parent = await newTenant(user, '/v1/organizations', { name: 'Zebra Agency', currency: 'EUR' });
    const twins = [
      await newTenant(user, '/v1/workspaces', { name: 'Twin', currency: 'EUR', organizationId: parent }),
      await newTenant(user, '/v1/workspaces', { name: 'Twin', currency: 'EUR', organizationId: parent }),
      await newTenant(user, '/v1/workspaces', { name: 'apple', currency: 'EUR', organizationId: parent }),
    ];
    const { data } = await getOk(user, ROUTE, { organizationId: parent, pageIndex: 0, pageSize: 10 });
    expect(data.items.map((r: { workspaceId: string }) => r.workspaceId)).toEqual([
      twins[2],
      ...[twins[0]!, twins[1]!].sort(),
      parent,
    ]);
    // Empty tenants: zero totals, ratios null.
    expect(data.totals).toEqual({
      totalCosts: 0,
      impressions: 0,
      engagement: 0,
      cpm: null,
      cpe: null,
      conversions: null,
      cpa: null,
    });
  });

  it('refuses bad paging and unknown inputs with 400', async () => {
    const bad: Record<string, string | number>[] = [
      { organizationId: agency, pageIndex: 0, pageSize: 0 },
      { organizationId: agency, pageIndex: 0, pageSize: 101 },
      { organizationId: agency, pageIndex: -1, pageSize: 10 },
      { organizationId: agency, pageIndex: 'x', pageSize: 10 },
      { organizationId: agency, pageIndex: 0 },
      { organizationId: agency, pageSize: 10 },
      { organizationId: agency, pageIndex: 0, pageSize: 10, daysBack: 30 },
      { organizationId: 'not-a-uuid', pageIndex: 0, pageSize: 10 },
      { pageIndex: 0, pageSize: 10 },
    ];
    for (const q of bad) {
      expectProblem(await call('GET', query(q), { token: owner.token }), 400, 'invalid_input', 'any');
    }
  });
});
