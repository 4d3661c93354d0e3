/**
 * The campaign reports on a seeded tenant, figures and words worked out by hand: portfolio counts,
 * totals, attention and priorities; comparison findings stated as observations; closeout.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { aggregateUpdate } from '../../../shared/db/table/aggregates.ts';
import { createCampaign, type NewCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient } from '../../../shared/db/table/client.ts';
import { dayRollupUpdate } from '../../../shared/db/metrics/day-rollups.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { localDate } from '../../../shared/domain/dates.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';

let owner: TestUser;
let orgId: string;
const ids = {} as { alpha: string; beta: string; gamma: string; delta: string };

const write = async (items: unknown[]) => {
  const present = items.filter(Boolean);
  if (present.length) await documentClient().send(new TransactWriteCommand({ TransactItems: present as never }));
};

async function seededCampaign(
  input: NewCampaign,
  counts: Record<string, number>,
  spends: Record<string, number>,
  todaySpend = 0,
) {
  const campaign = await createCampaign(orgId, input);
  const today = localDate(new Date(), 'UTC');
  await write([
    aggregateUpdate(keys.campaign(orgId, campaign.id), { counts, spends }),
    ...(todaySpend
      ? [
          dayRollupUpdate(orgId, { kind: 'campaign', id: campaign.id }, today, {
            impressions: counts.impressions ?? 0,
            spend: { USD: todaySpend },
          }),
        ]
      : []),
  ]);
  return campaign.id;
}

const get = async (path: string, query: Record<string, string | number>, status = 200) => {
  const res = await call(
    'GET',
    `${path}?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
    { token: owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const RUNNING = { startAt: '2020-01-01T00:00:00.000Z', endAt: '2099-01-01T00:00:00.000Z' };

beforeAll(async () => {
  owner = await signUp('Owner');
  orgId = await newOrganization(owner);
  ids.alpha = await seededCampaign(
    { name: 'Alpha', budget: 100, ...RUNNING },
    {
      activitiesCount: 2,
      activitiesWithMetrics: 2,
      impressions: 10_000,
      cpmSpend_USD: 60,
      cpmImpressions_USD: 10_000,
      cpmActivities_USD: 2,
    },
    { USD: 120 },
    30,
  );
  ids.beta = await seededCampaign(
    { name: 'Beta', budget: 50, startAt: '2020-01-01T00:00:00.000Z', endAt: '2020-02-01T00:00:00.000Z' },
    {
      activitiesCount: 4,
      activitiesWithMetrics: 1,
      impressions: 2000,
      cpmSpend_USD: 20,
      cpmImpressions_USD: 2000,
      cpmActivities_USD: 1,
    },
    { USD: 20, EUR: 10 },
    10,
  );
  ids.gamma = await seededCampaign(
    { name: 'Gamma', startAt: '2099-02-01T00:00:00.000Z', endAt: '2099-03-01T00:00:00.000Z' },
    {},
    {},
  );
  ids.delta = await seededCampaign({ name: 'Delta' }, {}, {});
  await write([
    aggregateUpdate(keys.tenantAggregate(orgId), {
      counts: { activitiesCount: 6, activitiesWithMetrics: 3 },
      spends: { USD: 140, EUR: 10 },
    }),
    dayRollupUpdate(orgId, { kind: 'tenant' }, localDate(new Date(), 'UTC'), {
      impressions: 100,
      engagement: 4,
      spend: { USD: 7.5 },
    }),
  ]);
});

describe('campaign portfolio', () => {
  it('counts by status and attention, totals budget and spend in the tenant currency, and lists priorities and actions', async () => {
    const { data, _meta } = await get('/v1/reporting/campaign/portfolio', { organizationId: orgId, daysBack: 30 });
    expect(data).toMatchObject({
      currency: 'USD',
      daysBack: 30,
      // Alpha (over budget, brief incomplete) and Gamma (scheduled, brief incomplete) need attention.
      counts: { active: 1, scheduled: 1, completed: 1, draft: 1, attention: 2 },
      budgetTotal: 150,
      spendTotal: 140,
      otherCurrencySpend: { EUR: 10 },
      briefCompleteness: { complete: 0, incomplete: 4 },
      evidenceQuality: { level: 'medium', activitiesTotal: 6, activitiesWithMetrics: 3, deliveryCoverage: 0.5 },
      trend: { spend: 7.5, impressions: 100, engagement: 4 },
      // Gamma starts in 2099: outside the 30 days, so not a priority yet.
      priorities: [
        {
          campaignId: ids.alpha,
          name: 'Alpha',
          status: 'active',
          reasons: [
            'Recorded spend $120.00 is above its budget of $100.00 (120%).',
            'Its brief is missing summary, objective, audience, desiredOutcomes, channels, ownerUserId.',
          ],
        },
      ],
      nextActions: ['Review the budget of Alpha: recorded spend is 120% of it.'],
    });
    // Alpha and Beta pass 4 of the 10 checks (dates, budget, activities), Gamma 2 (dates), Delta none: 10 / 40.
    expect(data.briefCompleteness.share).toBe(0.25);
    expect(_meta).toMatchObject({ currency: 'USD', provenance: { activitiesTotal: 6, activitiesWithMetrics: 3 } });
    expect((await get('/v1/reporting/campaign/portfolio', { organizationId: orgId, daysBack: 30 })).data).toEqual(data);
    await get('/v1/reporting/campaign/portfolio', { organizationId: orgId }, 400);
  });
});

describe('campaign comparison', () => {
  it('gives each campaign its figures, window change and evidence, and findings as observations', async () => {
    const { data } = await get('/v1/reporting/campaign/comparison', {
      organizationId: orgId,
      campaignIds: `${ids.alpha},${ids.beta}`,
      daysBack: 30,
    });
    expect(data.campaigns.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'Beta']);
    expect(data.campaigns[0]).toMatchObject({
      status: 'active',
      currency: 'USD',
      budget: 100,
      current: { totalCosts: 120, cpm: 6 },
      change: { spend: 30, impressions: 10_000, engagement: 0 },
      efficiency: { cpm: 6, cpe: null, budgetUsed: 1.2 },
      evidenceQuality: { level: 'high', activitiesTotal: 2, activitiesWithMetrics: 2, deliveryCoverage: 1 },
      basis: {
        cpm: { spend: 60, impressions: 10_000, activities: 2 },
        cpe: { spend: 0, engagement: 0, activities: 0 },
        cpa: { spend: 0, conversions: 0, campaigns: 0 },
      },
    });
    expect(data.campaigns[1]).toMatchObject({
      status: 'completed',
      current: { totalCosts: 20, cpm: 10 },
      efficiency: { budgetUsed: 0.4 },
      evidenceQuality: { level: 'low' },
    });
    expect(data.findings).toEqual([
      "Alpha's CPM ($6.00 over 2 activities) is 40% below Beta's ($10.00 over 1 activity), counting the activities with both spend and impressions.",
      'Alpha recorded $30.00 of the $40.00 of these campaigns over the last 30 days (75%).',
      'Alpha recorded 10,000 impressions of the 12,000 impressions of these campaigns over the last 30 days (83%).',
      "Beta's figures rest on 1 of 4 activities with metrics: compare them with care.",
    ]);
  });

  it("answers 404 for another organization's campaign and 400 for none, more than 20 or a malformed id", async () => {
    const other = await newOrganization(owner);
    const theirs = (await createCampaign(other, { name: 'Theirs' })).id;
    await get(
      '/v1/reporting/campaign/comparison',
      { organizationId: orgId, campaignIds: `${ids.alpha},${theirs}`, daysBack: 30 },
      404,
    );
    await get('/v1/reporting/campaign/comparison', { organizationId: orgId, campaignIds: '', daysBack: 30 }, 400);
    await get(
      '/v1/reporting/campaign/comparison',
      { organizationId: orgId, campaignIds: Array.from({ length: 21 }, () => randomUUID()).join(','), daysBack: 30 },
      400,
    );
    await get(
      '/v1/reporting/campaign/comparison',
      { organizationId: orgId, campaignIds: 'not-a-uuid', daysBack: 30 },
      400,
    );
  });
});

describe('campaign closeout', () => {
  it('records performance, evidence, limitations and follow-ups without causal claims', async () => {
    const { data } = await get('/v1/reporting/campaign/closeout', { organizationId: orgId, campaignId: ids.beta });
    expect(data).toMatchObject({
      campaignId: ids.beta,
      name: 'Beta',
      status: 'completed',
      currency: 'USD',
      budget: 50,
      performance: { totalCosts: 20, impressions: 2000, deliveryCoverage: 0.25, cpm: 10, conversions: null },
      budgetUsed: 0.4,
      evidenceQuality: { level: 'low' },
    });
    expect(data.limitations).toEqual([
      '10 EUR of costs is left out of the USD figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
      '3 of 4 activities have no metrics yet (no snapshot or manual count): impressions and engagement do not include them.',
      'Reach is not reported: no stored evidence in scope carries it.',
      'Conversions and CPA are not reported: no outcome measurement of kind count is counted in them.',
    ]);
    expect(data.followUps).toEqual([
      'Add metrics for the activities of Beta (connect content links or enter manual counts): 1 of 4 have some.',
      'Record the outcome measurements of Beta (method, period, confidence) to report what it achieved.',
    ]);
    for (const text of [...data.limitations, ...data.followUps])
      expect(text).not.toMatch(/\b(caused|because of|drove|led to)\b/i);
  });
});

describe('marketing brief and recommendations', () => {
  it('write the same brief and list twice; executive short and plain, practitioner with figures and evidence', async () => {
    const query = { organizationId: orgId, daysBack: 30 };
    const executive = await get('/v1/reporting/marketing-brief', { ...query, audience: 'executive' });
    expect((await get('/v1/reporting/marketing-brief', { ...query, audience: 'executive' })).data).toEqual(
      executive.data,
    );
    expect(executive.data).toMatchObject({
      audience: 'executive',
      currency: 'USD',
      // About the active campaign, with its own figures: not the organization's window ($7.50, 100 impressions).
      headline: '1 active campaign: $120.00 spent and 10,000 impressions recorded by it in all.',
      highlights: [
        'Alpha has the most recorded impressions of the 2 campaigns with impressions: 10,000 (83% of their 12,000).',
        'Alpha has the lowest cost per thousand impressions of the 2 campaigns that have one.',
        '1 campaign has completed.',
      ],
      risks: [
        'Alpha: Recorded spend $120.00 is above its budget of $100.00 (120%).',
        'Alpha: Its brief is missing summary, objective, audience, desiredOutcomes, channels, ownerUserId.',
      ],
      decisions: ['Review the budget of Alpha.'],
    });
    expect(executive.data.campaignEvidence.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'Gamma']);
    for (const part of ['highlights', 'risks', 'decisions', 'actions', 'measurementLimitations'])
      expect(executive.data[part].length).toBeLessThanOrEqual(3);
    // More limitations than the executive brief keeps (another currency, activities without metrics,
    // reach, conversions): the one that makes no causal claim is still there.
    expect(executive._meta.warnings.length).toBeGreaterThanOrEqual(2);
    expect(executive.data.measurementLimitations).toEqual([
      'Figures are observed and recorded evidence; none of them says that a campaign or creator caused an outcome.',
      '10 EUR of costs is left out of the USD figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
      '3 of 6 activities have no metrics yet (no snapshot or manual count): impressions and engagement do not include them.',
    ]);

    const practitioner = (await get('/v1/reporting/marketing-brief', { ...query, audience: 'practitioner' })).data;
    expect((await get('/v1/reporting/marketing-brief', { ...query, audience: 'practitioner' })).data).toEqual(
      practitioner,
    );
    expect(practitioner.measurementLimitations).toEqual([
      'Figures are observed and recorded evidence; none of them says that a campaign or creator caused an outcome.',
      '10 EUR of costs is left out of the USD figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
      '3 of 6 activities have no metrics yet (no snapshot or manual count): impressions and engagement do not include them.',
      'Reach is not reported: no stored evidence carries it.',
      'Conversions and CPA are not reported: no outcome measurement of kind count is recorded.',
    ]);
    expect(practitioner.headline).toBe(
      '1 active campaign: $120.00 spent and 10,000 impressions recorded by it in all (metrics for 2 of 2 of its activities; evidence high).',
    );
    expect(practitioner.highlights[1]).toBe(
      'Alpha has the lowest CPM of the 2 campaigns with one: $6.00 over 2 of its 2 activities (those with both spend and impressions: $60.00 over 10,000 impressions).',
    );
    expect(practitioner.decisions).toEqual([
      'Review the budget of Alpha: Recorded spend $120.00 is 120% of its budget of $100.00.',
    ]);
    expect(practitioner.campaignEvidence).toHaveLength(4);
    await get('/v1/reporting/marketing-brief', { ...query, audience: 'board' }, 400);

    const recommendations = await get('/v1/reporting/recommendations', { organizationId: orgId });
    expect((await get('/v1/reporting/recommendations', { organizationId: orgId })).data).toEqual(recommendations.data);
    // Beta's CPM (10.00) is under twice Alpha's (6.00): no cpm_gap.
    expect(recommendations.data.map((r: { rule: string; campaignIds: string[] }) => [r.rule, r.campaignIds])).toEqual([
      ['over_budget', [ids.alpha]],
      ['brief_incomplete', [ids.gamma]],
      ['low_metric_coverage', [ids.beta]],
      ['other_currency_costs', [ids.beta]],
    ]);
  });
});
