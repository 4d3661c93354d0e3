/**
 * docs/getting-started.md, followed word for word with curl and jq: every ```sh block after the
 * first (`npm start`, which this test replaces by the local service started in-process, its
 * `localhost:3000` by that service's port) runs in bash in order, carrying the shell variables the
 * doc sets, and what each block prints is checked against what the doc says it shows. Then the
 * state the walk leaves is checked over HTTP (`expectWalkOutcome`, which another runner of the same
 * steps reuses). A changed route, input or answer the doc relies on fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { ShellSession, type BlockRun } from '../support/shell-session.ts';
import { expectWalkOutcome, gettingStartedSteps, stepName, walkGet, type WalkVars } from './support/getting-started.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The JSON documents a block printed, one per line (jq -c) or one pretty-printed document. */
function printed(run: BlockRun): any[] {
  const text = run.stdout.trim();
  if (text.startsWith('{\n')) return [JSON.parse(text)];
  return text.split('\n').map((line) => (line.startsWith('{') || line.startsWith('[') ? JSON.parse(line) : line));
}

const STEP_TIMEOUT_MS = 120_000;

const round2 = (n: number) => Math.round(n * 100) / 100;

// The doc's conversion of the boost, by hand: the stand-in's ECB rates of 2017-03-03 quote USD
// 1.0565 per EUR, so 300 USD x (1 / 1.0565) = 283.956... EUR, rounded to the cent; and the spend in euros.
const USD_RATE = 1 / 1.0565;
const BOOST_EUR = 283.96;
const SPEND_EUR = 1483.96;
const BOOST_CONVERSION = {
  currency: 'USD',
  amount: 300,
  converted: BOOST_EUR,
  source: 'ecb',
  firstRateDate: '2017-03-03',
  lastRateDate: '2017-03-03',
};

/** What each block must print (and set), by `Section #n`. */
const expectations: Record<string, (out: any[], vars: Record<string, string>) => void> = {
  'Sign up #1': ([user], vars) => {
    expect(user).toMatchObject({ id: vars.ANA, email: 'ana@agency.example', name: 'Ana', jobRole: 'Account director' });
    expect(vars.TOKEN!.split('.')).toHaveLength(3);
  },
  'An organization #1': ([organization], vars) => {
    expect(vars.ORG).toMatch(UUID);
    expect(organization).toEqual({
      id: vars.ORG,
      name: 'Northwind Agency',
      currency: 'EUR',
      role: 'owner',
      billing: { plan: null, status: 'unpaid', currentPeriodEnd: null },
    });
  },
  'Invite a colleague #1': ([invitation, email], vars) => {
    expect(invitation).toEqual({ email: 'ben@agency.example', role: 'member', status: 'pending' });
    expect(email).toMatchObject({
      to: 'ben@agency.example',
      kind: 'invitation',
      data: { organizationId: vars.ORG, role: 'member' },
    });
  },
  'Invite a colleague #2': ([membership, members], vars) => {
    expect(vars.INVITED).toBe(vars.ORG);
    expect(membership).toEqual({ organizationId: vars.ORG, role: 'member', status: 'active' });
    expect(members).toMatchObject({ totalCount: 2, facets: { role: { owner: 1, member: 1 } } });
    expect(members.members).toEqual(
      expect.arrayContaining([
        { name: 'Ana', role: 'owner' },
        { name: 'Ben', role: 'member' },
      ]),
    );
  },
  'Creators and their social accounts #1': (accounts, vars) => {
    expect(vars.CREATOR).toMatch(UUID);
    expect(accounts).toEqual([
      { platform: 'youtube', handle: '@miarivera' },
      { platform: 'reddit', handle: 'u/miarivera' },
    ]);
  },
  'Activities and their content links #1': (links, vars) => {
    expect([vars.VIDEO, vars.POST]).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(links.map((l) => l.name)).toEqual(['Trail shoe review', 'AMA on r/trailrunning']);
    expect(links.every((l) => l.contentHref.startsWith('https://'))).toBe(true);
  },
  'Costs in two currencies #1': ([fee, boost, stats]) => {
    expect(round2(300 * USD_RATE)).toBe(BOOST_EUR);
    expect(round2(1200 + BOOST_EUR)).toBe(SPEND_EUR);
    expect([fee, boost]).toEqual([
      { amount: 1200, currency: 'EUR', type: 'creator_fee', conversion: null },
      {
        amount: 300,
        currency: 'USD',
        type: 'boost',
        conversion: { rate: USD_RATE, rateDate: '2017-03-03', source: 'ecb', currency: 'EUR', amount: BOOST_EUR },
      },
    ]);
    expect(stats.totalSpend).toEqual({ EUR: SPEND_EUR });
    expect(stats.warnings).toEqual([]);
  },
  'A campaign with its brief and its activities #1': ([video, post, readiness], vars) => {
    expect(vars.CAMPAIGN).toMatch(UUID);
    expect(video).toMatchObject({ campaignId: vars.CAMPAIGN, activityId: vars.VIDEO });
    expect(post).toMatchObject({ campaignId: vars.CAMPAIGN, activityId: vars.POST });
    expect(readiness).toEqual({ ready: true, missing: [] });
  },
  'A refresh of the metrics #1': ([refresh, counts]) => {
    const { ok, ...others } = refresh.counts;
    // The two activities and the two accounts were due; nothing failed.
    expect(refresh.dispatched).toBe(4);
    expect({ ok, others: Object.values(others).every((n) => n === 0) }).toEqual({ ok: 4, others: true });
    expect(counts).toMatchObject({ source: 'api', shares: null });
    expect(counts.views).toBeGreaterThan(0);
  },
  'Reading the reports #1': ([report]) => {
    const { data, basis, warnings, freshness } = report;
    expect(data).toMatchObject({
      currency: 'EUR',
      totalCosts: SPEND_EUR,
      deliveryCoverage: 1,
      reach: null,
      conversions: null,
      cpa: null,
    });
    // What the doc says a reader can check: each ratio from its basis; CPM over the video alone
    // (Reddit publishes no views), CPE over both (the boost's converted cost counts).
    expect(basis.cpm).toMatchObject({ spend: 1200, impressions: data.impressions, activities: 1 });
    expect(data.cpm).toBe(round2((basis.cpm.spend / basis.cpm.impressions) * 1000));
    expect(basis.cpe).toMatchObject({ spend: SPEND_EUR, activities: 2 });
    expect(basis.cpe.engagement).toBe(data.engagement);
    expect(data.cpe).toBe(round2(basis.cpe.spend / basis.cpe.engagement));
    expect(basis.cpa).toEqual({ spend: 0, conversions: 0, campaigns: 0 });
    expect(basis.conversions).toEqual([BOOST_CONVERSION]);
    expect(freshness).toEqual(expect.any(String));
    expect(warnings).toEqual([
      "2 of 2 activities' totals before their first reading are counted on their publish date.",
    ]);
  },
  'Reading the reports #2': ([campaign, days, portfolio]) => {
    expect(campaign).toMatchObject({ budget: 5000, totalCosts: SPEND_EUR });
    expect(days.reduce((sum: number, day: { impressions: number }) => sum + day.impressions, 0)).toBe(
      campaign.impressions,
    );
    expect(days.reduce((sum: number, day: { spend: number }) => sum + day.spend, 0)).toBe(SPEND_EUR);
    expect(portfolio).toMatchObject({
      counts: { active: 1, scheduled: 0, completed: 0, draft: 0 },
      budgetTotal: 5000,
      spendTotal: SPEND_EUR,
    });
    // The doc's budget used, by hand: 1483.96 / 5000 = 0.296792, 0.2968 to 4 decimals.
    expect(Math.round((SPEND_EUR / 5000) * 10_000) / 10_000).toBe(0.2968);
  },
  'Lists and paging #1': ([first, second]) => {
    expect(first).toEqual({
      totalCount: 2,
      facets: { channel: { youtube: 1, reddit: 1 } },
      names: ['AMA on r/trailrunning'],
    });
    expect(second).toEqual({ totalCount: 2, names: ['Trail shoe review'] });
  },
  'Connect web analytics #1': ([page, completed], vars) => {
    expect(page).toMatch(/^http:\/\/localhost:5173\/settings\/analytics\?analytics=pending&state=[^&]+&code=[^&]+$/);
    expect(JSON.parse(vars.COMPLETE!).code).not.toMatch(/%/);
    expect(completed).toEqual({ organizationId: vars.ORG, status: 'awaiting_property' });
  },
  'Connect web analytics #2': ([selected, history], vars) => {
    // Answered at once; the first import lands in the background, which the block waits for.
    expect(selected).toEqual({ status: 'importing', propertyId: vars.PROPERTY });
    expect(history).toMatchObject({ days: 7, analytics: { status: 'connected', propertyId: vars.PROPERTY } });
    expect(Object.keys(history.first).sort()).toEqual(['date', 'pageViews', 'sessions', 'successEvents', 'users']);
  },
  'Upgrade through checkout #1': ([redirect, billing], vars) => {
    expect(redirect).toMatch(
      new RegExp(`^303 http://localhost:5173/billing/success\\?organizationId=${vars.ORG}&sessionId=cs_`),
    );
    expect(billing).toMatchObject({ plan: 'growth', status: 'active', currentPeriodEnd: expect.any(String) });
  },
};

const { steps } = gettingStartedSteps();
let service: LocalService;
let shell: ShellSession;
let vars: Record<string, string> = {};

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  shell = new ShellSession((script) =>
    script.replaceAll('localhost:3000', service.url.replace('http://127.0.0.1', 'localhost')),
  );
});

afterAll(async () => {
  shell?.dispose();
  await service?.stop();
});

describe('docs/getting-started.md, word for word with curl and jq', () => {
  it('has an expectation for every block of the doc, and a block for every expectation', () => {
    expect(steps.map(stepName)).toEqual(Object.keys(expectations));
  });

  // A step may wait for background work (the analytics block for a 90-day import, about 800
  // writes): seconds on an idle machine, 20 s and more while the rest of the suite loads DynamoDB Local.
  for (const step of steps) {
    it(
      stepName(step),
      async () => {
        const run = await shell.run(step.script);
        vars = run.vars;
        expectations[stepName(step)]!(printed(run), run.vars);
      },
      STEP_TIMEOUT_MS,
    );
  }

  it('leaves the organization the walk describes', async () => {
    await expectWalkOutcome(walkGet(service.url), vars as unknown as WalkVars, { upgraded: true });
  });
});
