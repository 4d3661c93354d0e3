/**
 * An agency's week as a newcomer lives it (docs/decisions.md "Money and metrics"), over HTTP
 * against the local service: a GBP brand workspace under a GBP agency organization, campaign A with
 * a budget of 10,000 GBP, its activities paid 8,400 GBP and 2,500 USD, and 600 sign-ups. The USD
 * costs count converted at the local stand-in's ECB rates (the 90-day file of 2017-03-03: 0.86355 GBP
 * and 1.0565 USD per EUR, so a cost of today converts at 2017-03-03's): 2,000 USD = 1,634.74 GBP and
 * 500 USD = 408.68 GBP, each rounded, summed 2,043.42; total 10,443.42, CPA 10,443.42 / 600 = 17.41,
 * budget used 1.044342, and `campaign.budget_exceeded` goes out when the converted spend, not the
 * GBP spend alone (8,400), passes the budget. Each figure recomputes from its basis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { createTenant } from '../../shared/db/tenancy/tenants.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import { httpAgainst } from './support/world.ts';

let service: LocalService;
let receiver: Receiver;
let http: ReturnType<typeof httpAgainst>;
let token: string;
let brand: string;
let campaignId: string;
const ids: Record<string, string> = {};
const GBP_PER_USD = 0.86355 / 1.0565;

beforeAll(async () => {
  receiver = await startReceiver();
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  http = httpAgainst(service.url);
  const userId = randomUUID();
  const email = `newcomer-${userId}@agency.example`;
  token = service.issuer.mint({ userId, email });
  expect((await http('POST', '/v1/users', { token, body: { userId, email, name: 'Nora Newcomer' } })).status).toBe(201);
  const agency = await createTenant({ name: 'Northwind Agency', ownerUserId: userId, currency: 'GBP' });
  brand = (
    await createTenant({ name: 'Fellside Outdoor', ownerUserId: userId, currency: 'GBP', organizationId: agency.id })
  ).id;
  const hook = await http('POST', '/v1/webhooks/endpoints', {
    token,
    body: { organizationId: brand, url: `${receiver.url}?brand`, events: ['campaign.budget_exceeded'] },
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  const startAt = new Date(Date.now() - 86_400_000).toISOString();
  const campaign = await http('POST', '/v1/campaigns', {
    token,
    body: { organizationId: brand, name: 'Campaign A', budget: 10_000, startAt },
  });
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  campaignId = campaign.body.data.id;
  for (const [name, channel, activity] of [
    ['Trail video', 'youtube', 'youtube_video'],
    ['Summit post', 'instagram', 'instagram_post'],
    ['Ridge clip', 'tiktok', 'tiktok_video'],
    ['Boost', 'tiktok', 'tiktok_video'],
  ]) {
    const made = await http('POST', '/v1/activities', {
      token,
      body: { organizationId: brand, channel, activity, name, startAt },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    ids[name!] = made.body.data.id;
    expect(
      (await http('POST', `/v1/campaigns/${campaignId}/activities`, { token, body: { activityId: ids[name!] } }))
        .status,
    ).toBe(201);
  }
});

afterAll(async () => {
  await service?.stop();
  await receiver?.stop();
});

const cost = async (activity: string, amount: number, currency: string) => {
  const res = await http('POST', '/v1/activities/costs', {
    token,
    body: { activityId: ids[activity], amount, currency, type: 'creator_fee' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};

const campaignMetrics = async () =>
  (await http('GET', `/v1/reporting/campaign/metrics?organizationId=${brand}&campaignId=${campaignId}`, { token }))
    .body;

const budgetEvents = () => receiver.received.filter((r) => r.body.includes('campaign.budget_exceeded'));

async function eventually<T>(read: () => T | Promise<T>, until: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (until(value) || i >= 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a newcomer's week: costs in GBP and USD, one campaign, 600 sign-ups", () => {
  it('pays 8,400 GBP: within the budget, no event', async () => {
    await cost('Trail video', 5_000, 'GBP');
    await cost('Summit post', 3_400, 'GBP');
    const report = await campaignMetrics();
    expect(report.data).toMatchObject({ currency: 'GBP', totalCosts: 8_400, budget: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(budgetEvents()).toEqual([]);
  });

  it("pays 2,500 USD, each cost fixed at the stand-in's rate of its day (the last publication: 2017-03-03)", async () => {
    const clip = await cost('Ridge clip', 2_000, 'USD');
    const boost = await cost('Boost', 500, 'USD');
    expect(clip.conversion).toEqual({
      rate: GBP_PER_USD,
      rateDate: '2017-03-03',
      source: 'ecb',
      currency: 'GBP',
      amount: 1_634.74,
    });
    expect(boost.conversion).toEqual({
      rate: GBP_PER_USD,
      rateDate: '2017-03-03',
      source: 'ecb',
      currency: 'GBP',
      amount: 408.68,
    });
    // By hand: 2,000 x 0.86355 / 1.0565 = 1,634.7373..., 500 x ... = 408.6843...
    expect(Math.round(2_000 * GBP_PER_USD * 100) / 100).toBe(1_634.74);
    expect(Math.round(500 * GBP_PER_USD * 100) / 100).toBe(408.68);
  });

  it('counts the converted spend in the total, CPA over the 600 sign-ups, and names what it converted', async () => {
    const definition = await http('POST', '/v1/outcomes/definitions', {
      token,
      body: { organizationId: brand, name: 'Sign-ups', valueKind: 'count' },
    });
    expect(definition.status, JSON.stringify(definition.body)).toBe(201);
    const measurement = await http('POST', '/v1/outcomes/measurements', {
      token,
      body: {
        organizationId: brand,
        campaignId,
        outcomeDefinitionId: definition.body.data.id,
        value: 600,
        sourceMethod: 'manual',
      },
    });
    expect(measurement.status, JSON.stringify(measurement.body)).toBe(201);
    const report = await campaignMetrics();
    expect(report.data).toMatchObject({
      currency: 'GBP',
      totalCosts: 10_443.42,
      conversions: 600,
      cpa: 17.41,
      budget: 10_000,
    });
    const { basis } = report._meta.provenance;
    expect(basis.conversions).toEqual([
      {
        currency: 'USD',
        amount: 2_500,
        converted: 2_043.42,
        source: 'ecb',
        firstRateDate: '2017-03-03',
        lastRateDate: '2017-03-03',
      },
    ]);
    expect(basis.cpa).toEqual({ spend: 10_443.42, conversions: 600, campaigns: 1 });
    // Recomputed from the basis: 8,400 + 2,043.42 = 10,443.42; 10,443.42 / 600 = 17.4057 -> 17.41.
    expect(8_400 + basis.conversions[0].converted).toBeCloseTo(report.data.totalCosts, 10);
    expect(Math.round((basis.cpa.spend / basis.cpa.conversions) * 100) / 100).toBe(report.data.cpa);
    expect(report._meta.warnings.filter((w: string) => w.includes('USD'))).toEqual([]);
  });

  it('follows the converted spend in budget used and the budget-exceeded event', async () => {
    const closeout = await http(
      'GET',
      `/v1/reporting/campaign/closeout?organizationId=${brand}&campaignId=${campaignId}`,
      { token },
    );
    expect(closeout.status, JSON.stringify(closeout.body)).toBe(200);
    expect(JSON.stringify(closeout.body.data)).toContain('10443.42');
    const events = await eventually(budgetEvents, (e) => e.length > 0);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.body)).toMatchObject({ type: 'campaign.budget_exceeded' });
  });

  it("counts the same converted spend in the brand's organization report", async () => {
    const organization = await http('GET', `/v1/reporting/organization/metrics?organizationId=${brand}`, { token });
    expect(organization.body.data).toMatchObject({ totalCosts: 10_443.42 });
  });
});
