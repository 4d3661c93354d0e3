/**
 * docs/getting-started.md as steps a runner replays: its ```sh blocks in order (the first starts
 * the service, which a runner does its own way), and what the walk must have left behind, checked
 * over HTTP from the ids the doc's own shell variables hold. The curl runner
 * (getting-started.e2e.test.ts) runs the blocks word for word; a runner that takes the same steps
 * another way (the client package) names its ids as the doc does and calls `expectWalkOutcome`.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { shBlocks, type ShBlock } from '../../support/markdown.ts';

export const GETTING_STARTED = join(import.meta.dirname, '..', '..', '..', 'docs', 'getting-started.md');

/** `Section #n`: how the steps and their expectations are named. */
export const stepName = (block: Pick<ShBlock, 'section' | 'ordinal'>) => `${block.section} #${block.ordinal}`;

export function gettingStartedSteps(): { start: ShBlock; steps: ShBlock[] } {
  const [start, ...steps] = shBlocks(GETTING_STARTED);
  if (!start || !/npm start/.test(start.script)) throw new Error('docs/getting-started.md must open with a block that runs npm start');
  return { start, steps };
}

/** The ids and tokens the walk holds, named as the doc's shell variables name them. */
export interface WalkVars {
  TOKEN: string;
  BEN_TOKEN: string;
  ANA: string;
  BEN: string;
  ORG: string;
  CREATOR: string;
  VIDEO: string;
  POST: string;
  CAMPAIGN: string;
}

type Get = (path: string, token: string) => Promise<{ status: number; body: any }>;

/** The state the whole walk leaves, whoever took its steps. */
export async function expectWalkOutcome(get: Get, vars: WalkVars): Promise<void> {
  const ok = async (path: string, token = vars.TOKEN) => {
    const answer = await get(path, token);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const organization = (await ok(`/v1/organizations/${vars.ORG}`)).data;
  expect(organization).toMatchObject({ name: 'Northwind Agency', currency: 'EUR', billing: { plan: 'growth', status: 'active' } });

  const members = await ok(`/v1/organizations/${vars.ORG}/users?pageIndex=0&pageSize=20`);
  expect(members.totalCount).toBe(2);
  expect(members.items.map((m: { id: string; role: string }) => [m.id, m.role]).sort()).toEqual([[vars.ANA, 'owner'], [vars.BEN, 'member']].sort());
  // Ben, a member, reads what Ana recorded.
  const creators = await ok(`/v1/creators?workspaceId=${vars.ORG}&pageIndex=0&pageSize=10`, vars.BEN_TOKEN);
  expect(creators.items.map((c: { id: string }) => c.id)).toEqual([vars.CREATOR]);
  const creator = (await ok(`/v1/creators/${vars.CREATOR}`)).data;
  expect(creator.socialAccounts.map((a: { platform: string }) => a.platform).sort()).toEqual(['reddit', 'youtube']);

  const activities = await ok(`/v1/activities?organizationId=${vars.ORG}&campaignId=${vars.CAMPAIGN}&pageIndex=0&pageSize=10`);
  expect(activities.items.map((a: { id: string }) => a.id).sort()).toEqual([vars.VIDEO, vars.POST].sort());
  const costs = await ok(`/v1/costs?organizationId=${vars.ORG}&pageIndex=0&pageSize=10`);
  expect(costs.items.map((c: { amount: number; currency: string }) => `${c.amount} ${c.currency}`).sort()).toEqual(['1200 EUR', '300 USD']);

  const campaign = await ok(`/v1/reporting/campaign/metrics?organizationId=${vars.ORG}&campaignId=${vars.CAMPAIGN}`);
  expect(campaign.data).toMatchObject({ budget: 5000, totalCosts: 1200 });
  expect(campaign.data.impressions).toBeGreaterThan(0);
  expect(campaign._meta.provenance).toMatchObject({ activitiesTotal: 2, activitiesWithMetrics: 2, costsCount: 2 });
}
