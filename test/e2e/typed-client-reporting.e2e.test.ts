/**
 * The Reporting group through the typed client (docs/decisions.md "The service's own routes"), the client package (client/README.md):
 * openapi-fetch over the types generated from openapi.json, each response checked against the document by the contract check. A small
 * organization is built through the API (a campaign, an activity, a cost), then every Reporting
 * route of docs/decisions.md "Reporting evidence" is read; the types come from the document, so this file stops compiling when a
 * report's schema changes in a way that would break a web client.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { createTenant } from '../../shared/db/tenancy/tenants.ts';
import { localDate } from '../../shared/domain/dates.ts';
import { apiClient, type ApiClient } from './support/client.ts';

let service: LocalService;
let client: ApiClient;
let organizationId: string;
let campaignId: string;
let activityId: string;
const today = localDate(new Date(), 'UTC');

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  const userId = randomUUID();
  const email = `typed-reporting-${userId}@example.com`;
  client = apiClient(service.url, service.issuer.mint({ userId, email }));
  expect((await client.POST('/v1/users', { body: { userId, email, name: 'Rita Reports' } })).response.status).toBe(201);
  organizationId = (await createTenant({ name: 'Typed reporting tenant', ownerUserId: userId })).id;
  const campaign = await client.POST('/v1/campaigns', { body: { organizationId, name: 'Typed spring', budget: 100 } });
  campaignId = campaign.data!.data.id;
  const activity = await client.POST('/v1/activities', {
    body: {
      organizationId,
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Typed video',
      startAt: new Date().toISOString(),
    },
  });
  activityId = activity.data!.data.id;
  expect(
    (await client.POST('/v1/campaigns/{id}/activities', { params: { path: { id: campaignId } }, body: { activityId } }))
      .response.status,
  ).toBe(201);
  const cost = await client.POST('/v1/activities/costs', {
    body: { activityId, amount: 12.5, currency: 'USD', type: 'creator_fee' },
  });
  expect(cost.response.status, JSON.stringify(cost.error)).toBe(201);
});

afterAll(async () => {
  await service?.stop();
});

describe('Reporting through the typed client', () => {
  it('reads the organization, campaign and activity metrics and their histories', async () => {
    const organization = await client.GET('/v1/reporting/organization/metrics', {
      params: { query: { organizationId } },
    });
    expect(organization.data?.data).toMatchObject({ currency: 'USD', totalCosts: 12.5, cpm: null, cpe: null });
    expect(organization.data?._meta).toMatchObject({ currency: 'USD', freshness: null, provenance: { costsCount: 1 } });

    const campaign = await client.GET('/v1/reporting/campaign/metrics', {
      params: { query: { organizationId, campaignId } },
    });
    expect(campaign.data?.data).toMatchObject({ campaignId, budget: 100, totalCosts: 12.5 });
    const activity = await client.GET('/v1/reporting/activity/metrics', {
      params: { query: { organizationId, activityId } },
    });
    expect(activity.data?.data.totalCosts).toBe(12.5);

    const history = await client.GET('/v1/reporting/campaign/metrics/history', {
      params: { query: { organizationId, campaignId, daysBack: 7 } },
    });
    expect(history.data?.items).toHaveLength(7);
    expect(history.data?.items.at(-1)).toEqual({ date: today, impressions: 0, engagement: 0, spend: 12.5 });

    const spend = await client.GET('/v1/reporting/spend/history', {
      params: { query: { organizationId, startDate: today, endDate: today } },
    });
    expect(spend.data?.items).toEqual([{ date: today, amount: 12.5, cumulativeAmount: 12.5 }]);

    const missing = await client.GET('/v1/reporting/campaign/metrics', {
      params: { query: { organizationId, campaignId: randomUUID() } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'not_found' });
  });

  it('reads readiness, portfolio, comparison, closeout, the brief and the recommendations', async () => {
    const readiness = await client.GET('/v1/reporting/campaign/readiness', {
      params: { query: { organizationId, campaignId } },
    });
    expect(readiness.data?.data).toMatchObject({ campaignId, ready: false });
    expect(readiness.data?.data.missing).toContain('summary');

    const portfolio = await client.GET('/v1/reporting/campaign/portfolio', {
      params: { query: { organizationId, daysBack: 30 } },
    });
    expect(portfolio.data?.data).toMatchObject({ counts: { draft: 1 }, budgetTotal: 100, spendTotal: 12.5 });

    const comparison = await client.GET('/v1/reporting/campaign/comparison', {
      params: { query: { organizationId, campaignIds: [campaignId], daysBack: 30 } },
    });
    expect(comparison.data?.data.campaigns.map((c) => c.campaignId)).toEqual([campaignId]);

    const closeout = await client.GET('/v1/reporting/campaign/closeout', {
      params: { query: { organizationId, campaignId } },
    });
    expect(closeout.data?.data).toMatchObject({ campaignId, performance: { totalCosts: 12.5 }, budgetUsed: 0.125 });

    const brief = await client.GET('/v1/reporting/marketing-brief', {
      params: { query: { organizationId, daysBack: 30, audience: 'practitioner' } },
    });
    expect(brief.data?.data.headline).toBe(
      'No active campaign: $12.50 spent and 0 impressions recorded by the organization over the last 30 days (metrics for 0 of 1 activities; evidence none).',
    );

    const recommendations = await client.GET('/v1/reporting/recommendations', {
      params: { query: { organizationId } },
    });
    expect(recommendations.data?.data.map((r) => r.rule)).toEqual(['no_metric_evidence']);
  });
});
