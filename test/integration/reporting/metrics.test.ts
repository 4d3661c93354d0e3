/**
 * Metric reports read the stored aggregates alone: exact figures worked out by hand from seeded
 * counters (rounding per currency, JPY in whole yen, currencies without a rate named and left out,
 * denominator-aware CPM/CPE, null without a denominator), and the same figures through cost writes
 * and through writes over HTTP.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, updateActivity } from '../../../shared/db/catalogue/activities.ts';
import { aggregateUpdate } from '../../../shared/db/table/aggregates.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient } from '../../../shared/db/table/client.ts';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import type { Key } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { createOutcomeDefinition } from '../../../shared/db/evidence/outcome-definitions.ts';
import { createMeasurement } from '../../../shared/db/evidence/outcome-measurements.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost, newOrganization } from '../costs/helpers.ts';
import { getOk } from './helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Owner');
});

/** Adds counters and spend to a stored aggregate, as the writers do. */
async function seed(key: Key, counts: Record<string, number>, spends: Record<string, number> = {}) {
  await documentClient().send(new TransactWriteCommand({ TransactItems: [aggregateUpdate(key, { counts, spends })!] }));
}

const get = (path: string, query: Record<string, string | number>) => getOk(owner, path, query);

describe('metric reports', () => {
  it('answers a campaign exactly from its counters: rounding to cents, coverage, other currencies named', async () => {
    const orgId = await newOrganization(owner, { currency: 'EUR' });
    const campaign = await createCampaign(orgId, { name: 'Seeded', budget: 1000.5 });
    // 4 activities, 3 with metrics; CPM/CPE sums over those with both spend and the denominator only.
    await seed(
      keys.campaign(orgId, campaign.id),
      {
        activitiesCount: 4,
        activitiesWithMetrics: 3,
        costsCount: 3,
        impressions: 5000,
        engagement: 40,
        cpmSpend_EUR: 12.35,
        cpmImpressions_EUR: 2000,
        cpeSpend_EUR: 12.35,
        cpeEngagement_EUR: 40,
      },
      { EUR: 19.85, JPY: 1000 },
    );
    const body = await get('/v1/reporting/campaign/metrics', { organizationId: orgId, campaignId: campaign.id });
    expect(body.data).toEqual({
      campaignId: campaign.id,
      currency: 'EUR',
      budget: 1000.5,
      totalCosts: 19.85,
      impressions: 5000,
      engagement: 40,
      deliveryCoverage: 0.75,
      // 12.35 / 2000 x 1000 = 6.175 -> 6.18 (half away from zero); 12.35 / 40 = 0.30875 -> 0.31.
      cpm: 6.18,
      cpe: 0.31,
      reach: null,
      conversions: null,
      cpa: null,
    });
    expect(body._meta).toMatchObject({
      currency: 'EUR',
      freshness: null,
      provenance: { activitiesTotal: 4, activitiesWithMetrics: 3, sources: { api: 0, manual: 0 }, costsCount: 3 },
    });
    expect(body._meta.warnings).toContain(
      '1000 JPY of costs is left out of the EUR figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
    );
    expect(body._meta.warnings).toContain(
      '1 of 4 activities have no metrics yet (no snapshot or manual count): impressions and engagement do not include them.',
    );
  });

  it('rounds JPY to whole yen and answers null where there is no denominator', async () => {
    const orgId = await newOrganization(owner, { currency: 'JPY' });
    await seed(
      keys.tenantAggregate(orgId),
      { activitiesCount: 2, activitiesWithMetrics: 1, impressions: 3000, cpmSpend_JPY: 1001, cpmImpressions_JPY: 3000 },
      { JPY: 1501 },
    );
    const { data } = await get('/v1/reporting/organization/metrics', { organizationId: orgId });
    // 1001 / 3000 x 1000 = 333.67 -> 334 yen; no engagement with spend: CPE null.
    expect(data).toMatchObject({
      currency: 'JPY',
      totalCosts: 1501,
      impressions: 3000,
      engagement: 0,
      deliveryCoverage: 0.5,
      cpm: 334,
      cpe: null,
    });

    const empty = await newOrganization(owner);
    expect((await get('/v1/reporting/organization/metrics', { organizationId: empty })).data).toMatchObject({
      totalCosts: 0,
      impressions: 0,
      deliveryCoverage: null,
      cpm: null,
      cpe: null,
    });
  });

  it('counts spend in CPM and CPE only where the activity has the denominator, through cost writes', async () => {
    const orgId = await newOrganization(owner);
    const campaign = await createCampaign(orgId, { name: 'Written' });
    const creator = await createCreator(orgId, { name: 'Kai' });
    const seen = await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Seen',
      creatorId: creator.id,
    });
    const unseen = await createActivity(orgId, { channel: 'youtube', activity: 'youtube_video', name: 'Unseen' });
    await updateActivity(orgId, seen.id, { viewsCount: 2000, likeCount: 30, replyCount: 10 });
    for (const a of [seen, unseen]) await linkActivity(orgId, campaign.id, a.id);
    await newCost(owner, { activityId: seen.id, amount: 12.34 });
    await newCost(owner, { activityId: seen.id, amount: 0.01 });
    await newCost(owner, { activityId: unseen.id, amount: 7.5 });
    await newCost(owner, { activityId: seen.id, amount: 1000, currency: 'CLP' });

    // Spend 19.85 in all, but CPM and CPE over the seen activity only: 12.35 / 2000 x 1000 and 12.35 / 40.
    const expected = { totalCosts: 19.85, impressions: 2000, engagement: 40, cpm: 6.18, cpe: 0.31 };
    const organization = await get('/v1/reporting/organization/metrics', { organizationId: orgId });
    expect(organization.data).toMatchObject(expected);
    expect(organization._meta.warnings).toContain(
      '1000 CLP of costs is left out of the USD figures (no exchange rate: the ECB publishes none for it and none was booked, or it waits to be converted).',
    );
    expect(
      (await get('/v1/reporting/campaign/metrics', { organizationId: orgId, campaignId: campaign.id })).data,
    ).toMatchObject(expected);
    expect(
      (await get('/v1/reporting/activity/metrics', { organizationId: orgId, activityId: seen.id })).data,
    ).toMatchObject({
      totalCosts: 12.35,
      impressions: 2000,
      engagement: 40,
      deliveryCoverage: 1,
      cpm: 6.18,
      cpe: 0.31,
    });
    expect(
      (await get('/v1/reporting/activity/metrics', { organizationId: orgId, activityId: unseen.id })).data,
    ).toMatchObject({
      totalCosts: 7.5,
      deliveryCoverage: 0,
      cpm: null,
      cpe: null,
    });
    // The creator: the costs attributed to it (the seen activity's USD ones), under both routes alike.
    const reporting = await get('/v1/reporting/creator/metrics', { organizationId: orgId, creatorId: creator.id });
    const creators = await get('/v1/creators/metrics', { workspaceId: orgId, creatorId: creator.id });
    expect(reporting.data).toMatchObject({
      creatorId: creator.id,
      activitiesCount: 1,
      totalCosts: 12.35,
      spend: 12.35,
      cpm: 6.18,
      cpe: 0.31,
      otherCurrencySpend: { CLP: 1000 },
    });
    expect(creators.data).toEqual(reporting.data);
  });

  it('answers denominator-aware CPM and CPE exactly from writes over HTTP: impressions without spend, spend without impressions', async () => {
    const orgId = await newOrganization(owner);
    const send = async (method: string, path: string, body: Record<string, unknown>, status: number) => {
      const res = await call(method, path, { token: owner.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body.data;
    };
    const creatorId = (await send('POST', '/v1/creators', { workspaceId: orgId, name: 'Noa' }, 201)).id;
    const campaignId = (await send('POST', '/v1/campaigns', { organizationId: orgId, name: 'Over HTTP' }, 201)).id;
    /** An activity of the campaign with these manual counts and costs (USD); the creator's when `linked`. */
    const activity = async (name: string, counts: Record<string, number>, costs: number[], linked: boolean) => {
      const { id } = await send(
        'POST',
        '/v1/activities',
        {
          organizationId: orgId,
          channel: 'youtube',
          activity: 'youtube_video',
          name,
          ...(linked ? { creatorId } : {}),
        },
        201,
      );
      if (Object.keys(counts).length) await send('PATCH', `/v1/activities/${id}`, { name, ...counts }, 200);
      await send('POST', `/v1/campaigns/${campaignId}/activities`, { activityId: id }, 201);
      for (const amount of costs) await newCost(owner, { activityId: id, amount });
      return id;
    };
    // Both: 4000 impressions, 50 engagement, 10.00 spent.
    const both = await activity('Both', { viewsCount: 4000, likeCount: 40, replyCount: 10 }, [6.25, 3.75], true);
    // Impressions and engagement, no spend.
    await activity('Unpaid', { viewsCount: 6000, likeCount: 100 }, [], true);
    // Spend, no metrics at all.
    const unseen = await activity('Unseen', {}, [5.55], true);
    // Spend and engagement, no impressions.
    await activity('Liked', { likeCount: 25 }, [2.5], false);

    // Spend 18.05 and 10000 impressions, 175 engagement in all; but CPM over Both only (10 / 4000 x 1000
    // = 2.50, not 1.81), CPE over Both and Liked (12.50 / 75 = 0.1666... -> 0.17, not 0.10).
    const expected = {
      totalCosts: 18.05,
      impressions: 10_000,
      engagement: 175,
      deliveryCoverage: 0.75,
      cpm: 2.5,
      cpe: 0.17,
    };
    expect((await get('/v1/reporting/organization/metrics', { organizationId: orgId })).data).toMatchObject(expected);
    expect((await get('/v1/reporting/campaign/metrics', { organizationId: orgId, campaignId })).data).toMatchObject(
      expected,
    );
    // The creator has Both, Unpaid and Unseen: spend 15.55; CPM 10 / 4000 x 1000, CPE 10 / 50.
    const creator = { activitiesCount: 3, totalCosts: 15.55, impressions: 10_000, engagement: 150, cpm: 2.5, cpe: 0.2 };
    expect((await get('/v1/reporting/creator/metrics', { organizationId: orgId, creatorId })).data).toMatchObject(
      creator,
    );
    expect((await get('/v1/creators/metrics', { workspaceId: orgId, creatorId })).data).toMatchObject(creator);
    expect(
      (await get('/v1/reporting/activity/metrics', { organizationId: orgId, activityId: both })).data,
    ).toMatchObject({ totalCosts: 10, cpm: 2.5, cpe: 0.2 });
    expect(
      (await get('/v1/reporting/activity/metrics', { organizationId: orgId, activityId: unseen })).data,
    ).toMatchObject({ totalCosts: 5.55, impressions: 0, cpm: null, cpe: null });
  });

  it("counts conversions from the campaign's active outcome measurements of kind count, with CPA and the definitions named", async () => {
    const orgId = await newOrganization(owner);
    const campaign = await createCampaign(orgId, { name: 'Converting' });
    await seed(keys.campaign(orgId, campaign.id), { costsCount: 1 }, { USD: 100 });
    const plain = await get('/v1/reporting/campaign/metrics', { organizationId: orgId, campaignId: campaign.id });
    expect(plain.data).toMatchObject({ conversions: null, cpa: null });
    expect(plain._meta.provenance.conversionDefinitions).toEqual([]);

    const signUps = await createOutcomeDefinition(orgId, { name: 'Sign-ups', valueKind: 'count' });
    const trials = await createOutcomeDefinition(orgId, { name: 'Trials', valueKind: 'count' });
    const revenue = await createOutcomeDefinition(orgId, { name: 'Revenue', valueKind: 'currency' });
    await createMeasurement(
      orgId,
      campaign.id,
      { outcomeDefinitionId: signUps.id, value: 20, sourceMethod: 'platform_report' },
      null,
    );
    await createMeasurement(
      orgId,
      campaign.id,
      { outcomeDefinitionId: trials.id, value: 10, sourceMethod: 'platform_report' },
      null,
    );
    await createMeasurement(
      orgId,
      campaign.id,
      { outcomeDefinitionId: revenue.id, value: 5000, sourceMethod: 'platform_report' },
      null,
    );
    const body = await get('/v1/reporting/campaign/metrics', { organizationId: orgId, campaignId: campaign.id });
    // 20 + 10 counted (revenue is not a count); CPA 100 / 30 = 3.333... -> 3.33.
    expect(body.data).toMatchObject({ totalCosts: 100, conversions: 30, cpa: 3.33 });
    expect(body._meta.provenance.conversionDefinitions).toEqual([
      { id: signUps.id, name: 'Sign-ups' },
      { id: trials.id, name: 'Trials' },
    ]);
    expect(body._meta.warnings).toContain(
      'Conversions add up the measurements of 2 outcome definitions: Sign-ups, Trials.',
    );
  });

  it('answers 404 for a campaign, creator or activity of another organization', async () => {
    const mine = await newOrganization(owner);
    const theirs = await newOrganization(owner);
    const campaign = await createCampaign(theirs, { name: 'Theirs' });
    const res = await call('GET', `/v1/reporting/campaign/metrics?organizationId=${mine}&campaignId=${campaign.id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});
