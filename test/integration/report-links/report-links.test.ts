/**
 * Report links through the handlers against DynamoDB Local (docs/decisions.md "Report links"): made
 * by owners and members (never agents), listed without a url, revoked by their maker or an owner,
 * capped at 100; the page without a token: the same figures as the reporting API, every user text
 * escaped, no script, the security headers, one 404 for every token that opens nothing, and each
 * view counted.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReportLink, MAX_REPORT_LINKS } from '../../../shared/db/report-links/index.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { newReportToken, reportTokenHash } from '../../../shared/domain/report-link-token.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { countDynamoCalls } from '../../support/dynamodb-calls.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import { newOrganization } from '../costs/helpers.ts';
import { getOk } from '../reporting/helpers.ts';
import { HOSTILE, newLink, openPage, seedCampaign } from './helpers.ts';

process.env.API_URL = 'https://reports.example.test/';

let org: Org;
let member: TestUser;
let viewer: TestUser;
let seeded: Awaited<ReturnType<typeof seedCampaign>>;

beforeAll(async () => {
  const owner = await signUp('Olive Owner');
  org = { owner, organizationId: await newOrganization(owner, { name: 'Acme <Agency>', currency: 'GBP' }) };
  member = await signUp('Mo Member');
  viewer = await signUp('Vi Viewer');
  await addMember(org.organizationId, org.owner, member, 'member');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
  seeded = await seedCampaign(org.organizationId);
});

const itemOf = async (token: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.reportLink(reportTokenHash(token)), ConsistentRead: true }),
    )
  ).Item;

const tokenOf = (url: string) => url.split('/r/')[1]!;

describe('POST /v1/report-links', () => {
  it('answers 201 with a url of 256 random bits shown once; the table holds only its SHA-256', async () => {
    const link = await newLink(member, {
      organizationId: org.organizationId,
      campaignId: seeded.campaign.id,
      title: 'For the client',
    });
    expect(link.url).toMatch(/^https:\/\/reports\.example\.test\/r\/[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(tokenOf(link.url), 'base64url')).toHaveLength(32);
    expect(link).toMatchObject({
      campaignId: seeded.campaign.id,
      title: 'For the client',
      createdByUserId: member.userId,
      views: 0,
      lastViewedAt: null,
    });
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const item = await itemOf(tokenOf(link.url));
    expect(item).toMatchObject({ id: link.id, tokenHash: reportTokenHash(tokenOf(link.url)) });
    expect(JSON.stringify(item)).not.toContain(tokenOf(link.url));
    const list = await getOk(member, '/v1/report-links', {
      organizationId: org.organizationId,
      pageIndex: 0,
      pageSize: 20,
    });
    expect(list.items[0]).toMatchObject({ id: link.id, title: 'For the client' });
    expect(JSON.stringify(list)).not.toContain(tokenOf(link.url));
    expect(list.items[0]).not.toHaveProperty('url');
    expect(list.items[0]).not.toHaveProperty('tokenHash');
  });

  it("refuses agent tokens and viewers (403), another tenant's campaign (404), and days outside 1..90 (400)", async () => {
    const agent = tokenFor(org.owner.userId, { email: org.owner.email, agent: true });
    expect(
      (await call('POST', '/v1/report-links', { token: agent, body: { organizationId: org.organizationId } })).status,
    ).toBe(403);
    expect(
      (
        await call('GET', `/v1/report-links?organizationId=${org.organizationId}&pageIndex=0&pageSize=20`, {
          token: agent,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('POST', '/v1/report-links', { token: viewer.token, body: { organizationId: org.organizationId } }))
        .status,
    ).toBe(403);
    const other = await newOrg('Oscar Other', 'Other');
    const theirs = await seedCampaign(other.organizationId, 1);
    expect(
      (
        await call('POST', '/v1/report-links', {
          token: org.owner.token,
          body: { organizationId: org.organizationId, campaignId: theirs.campaign.id },
        })
      ).status,
    ).toBe(404);
    for (const expiresInDays of [0, 91]) {
      expect(
        (
          await call('POST', '/v1/report-links', {
            token: org.owner.token,
            body: { organizationId: org.organizationId, expiresInDays },
          })
        ).status,
      ).toBe(400);
    }
  });

  it(`allows ${MAX_REPORT_LINKS} live links per organization (409 past that), and expired ones make room`, async () => {
    const capped = await newOrg('Cap Owner', 'Capped');
    const now = Date.now();
    for (let i = 0; i < MAX_REPORT_LINKS - 1; i++) {
      const expiresAt = new Date(now + (i === 0 ? -1000 : 86_400_000)).toISOString();
      await createReportLink(
        capped.organizationId,
        {
          id: crypto.randomUUID(),
          campaignId: null,
          title: null,
          expiresAt,
          createdByUserId: capped.owner.userId,
          createdAt: new Date(now - 5000).toISOString(),
        },
        reportTokenHash(newReportToken()),
      );
    }
    await newLink(capped.owner, { organizationId: capped.organizationId });
    // The 101st: the one expired link is deleted to make room.
    await newLink(capped.owner, { organizationId: capped.organizationId });
    const refused = await call('POST', '/v1/report-links', {
      token: capped.owner.token,
      body: { organizationId: capped.organizationId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conflict');
    expect(
      (
        await getOk(capped.owner, '/v1/report-links', {
          organizationId: capped.organizationId,
          pageIndex: 0,
          pageSize: 10,
        })
      ).totalCount,
    ).toBe(MAX_REPORT_LINKS);
  }, 120_000);
});

describe('GET /r/:token', () => {
  it("answers the campaign report as a page: the API's figures, user texts escaped, no script, the security headers, each view counted", async () => {
    const link = await newLink(member, {
      organizationId: org.organizationId,
      campaignId: seeded.campaign.id,
      title: HOSTILE.title,
    });
    const page = await openPage(link.url);
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'referrer-policy': 'no-referrer',
    });
    expect(page.body).not.toMatch(/<script/i);
    for (const text of Object.values(HOSTILE)) {
      expect(page.body, text).not.toContain(text);
      expect(page.body, text).toContain(
        text
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;')
          .replace(/'/g, '&#39;'),
      );
    }
    // Every link or source is the service's own documentation.
    expect([...page.body.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1])).toEqual(['/docs']);
    expect(page.body).toContain('These are observed and recorded figures, not claims of cause');

    const api = await getOk(member, '/v1/reporting/campaign/metrics', {
      organizationId: org.organizationId,
      campaignId: seeded.campaign.id,
    });
    const json = await openPage(link.url, '?format=json');
    expect(json.status).toBe(200);
    const { data } = JSON.parse(json.body);
    const { campaignId: _id, currency, ...figures } = api.data;
    expect(data.figures).toEqual(figures);
    expect(data.currency).toBe(currency);
    expect(data.basis.basis).toEqual(api._meta.provenance.basis);
    expect(data.warnings).toEqual(api._meta.warnings);
    expect(data.freshness).toEqual(api._meta.freshness);
    // The page writes the API's figures as deck words.
    expect(page.body).toContain(
      new Intl.NumberFormat('en', { style: 'currency', currency }).format(api.data.totalCosts),
    );
    expect(page.body).toContain(new Intl.NumberFormat('en').format(api.data.impressions));
    expect(data.activities.totalCount).toBe(3);
    expect(data.activities.items.map((a: { spend: number }) => a.spend)).toEqual([600, 599.5, 0]);
    // Each row is the activity report's figures.
    const first = await getOk(member, '/v1/reporting/activity/metrics', {
      organizationId: org.organizationId,
      activityId: data.activities.items[0].id,
    });
    expect(data.activities.items[0]).toMatchObject({
      impressions: first.data.impressions,
      engagement: first.data.engagement,
      spend: first.data.totalCosts,
      cpm: first.data.cpm,
      creators: [HOSTILE.creator],
    });
    expect(data.outcomes.measurements[0]).toMatchObject({ definition: HOSTILE.outcome, value: 40 });
    // One point per day of the campaign so far (it started 10 days ago, UTC).
    expect(data.days).toHaveLength(11);
    expect((page.body.match(/<circle class="dot"/g) ?? []).length).toBe(11);
    expect((page.body.match(/<rect class="bar"/g) ?? []).length).toBe(11);
    expect(data.days.at(-1).cumulativeSpend).toBe(api.data.totalCosts);

    const item = await itemOf(tokenOf(link.url));
    expect(item).toMatchObject({ views: 2 });
    expect(Date.now() - Date.parse(item!.lastViewedAt)).toBeLessThan(60_000);
  });

  it('answers the organization report without a campaign', async () => {
    const link = await newLink(org.owner, { organizationId: org.organizationId });
    const { data } = JSON.parse((await openPage(link.url, '?format=json')).body);
    const api = await getOk(org.owner, '/v1/reporting/organization/metrics', { organizationId: org.organizationId });
    const { currency: _c, ...figures } = api.data;
    expect(data.figures).toEqual({ ...figures, budget: null });
    expect(data.scope).toMatchObject({ kind: 'organization', organizationName: 'Acme <Agency>' });
    expect(data.days).toHaveLength(30);
  });

  it('answers the same 404 page to an unknown, a malformed, an expired and a revoked token, with the same work for a wrong and a revoked one', async () => {
    const link = await newLink(member, { organizationId: org.organizationId, campaignId: seeded.campaign.id });
    const expired = newReportToken();
    await createReportLink(
      org.organizationId,
      {
        id: crypto.randomUUID(),
        campaignId: null,
        title: null,
        expiresAt: new Date(Date.now() - 1000).toISOString(),
        createdByUserId: member.userId,
        createdAt: new Date().toISOString(),
      },
      reportTokenHash(expired),
    );
    expect((await call('DELETE', `/v1/report-links/${link.id}`, { token: member.token })).status).toBe(200);
    const base = 'https://reports.example.test/r/';
    const calls = countDynamoCalls();
    const answers = [];
    const work: number[] = [];
    for (const url of [`${base}${newReportToken()}`, link.url, `${base}not-a-token`, `${base}${expired}`]) {
      const before = calls.read();
      answers.push(await openPage(url));
      work.push(calls.read() - before);
    }
    // A wrong token and a revoked one: one GetItem each (the lookup is by hash); a malformed one: none.
    expect(work.slice(0, 2)).toEqual([1, 1]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    }
    const json = [
      await openPage(link.url, '?format=json'),
      await openPage(`${base}${newReportToken()}`, '?format=json'),
    ].map((a) => ({ ...JSON.parse(a.body), requestId: undefined }));
    expect(json[0]).toEqual(json[1]);
    expect(json[0]).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('DELETE /v1/report-links/:id', () => {
  it('lets a member revoke only the links they made, and an owner any (revoked at once)', async () => {
    const owners = await newLink(org.owner, { organizationId: org.organizationId });
    const members = await newLink(member, { organizationId: org.organizationId });
    expect((await call('DELETE', `/v1/report-links/${owners.id}`, { token: member.token })).status).toBe(403);
    expect((await openPage(owners.url)).status).toBe(200);
    const revoked = await call('DELETE', `/v1/report-links/${members.id}`, { token: org.owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ id: members.id, deleted: true });
    expect((await openPage(members.url)).status).toBe(404);
    expect((await call('DELETE', `/v1/report-links/${members.id}`, { token: org.owner.token })).status).toBe(404);
    const stranger = await newOrg('Sam Stranger', 'Elsewhere');
    expect((await call('DELETE', `/v1/report-links/${owners.id}`, { token: stranger.owner.token })).status).toBe(404);
  });
});
