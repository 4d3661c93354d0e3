/**
 * docs/getting-started.md as steps a runner replays: the curl walk's ```sh blocks in order (the
 * first starts the service, which a runner does its own way), the TypeScript program of its client
 * section with the commands that run it, and what the walk must have left behind, checked over
 * HTTP from the ids the doc's own shell variables hold. The curl runner
 * (getting-started.e2e.test.ts) runs the blocks word for word; the client runner
 * (getting-started-client.e2e.test.ts) runs the program, names its ids as the doc does and calls
 * `expectWalkOutcome`.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { codeBlocks, shBlocks, type CodeBlock } from '../../support/markdown.ts';
import { checkedFetch } from './contract.ts';

export const GETTING_STARTED = join(import.meta.dirname, '..', '..', '..', 'docs', 'getting-started.md');

/** `Section #n`: how the steps and their expectations are named. */
export const stepName = (block: Pick<CodeBlock, 'section' | 'ordinal'>) => `${block.section} #${block.ordinal}`;

/** The section that does the week with the client package: its ```ts blocks are one program. */
export const CLIENT_SECTION = 'The same week with the client package';

/** The curl walk: every ```sh block outside the client section. */
export function gettingStartedSteps(): { start: CodeBlock; steps: CodeBlock[] } {
  const [start, ...steps] = shBlocks(GETTING_STARTED).filter((block) => block.section !== CLIENT_SECTION);
  if (!start || !/npm start/.test(start.script))
    throw new Error('docs/getting-started.md must open with a block that runs npm start');
  return { start, steps };
}

/**
 * The client section: its program (the ```ts blocks joined in order), the block that builds the
 * client package (which a runner does its own way, as it starts the service) and the block that
 * runs the program.
 */
export function clientWalk(): { program: string; build: CodeBlock; run: CodeBlock } {
  const program = codeBlocks(GETTING_STARTED, 'ts').filter((block) => block.section === CLIENT_SECTION);
  const [build, run, ...more] = shBlocks(GETTING_STARTED).filter((block) => block.section === CLIENT_SECTION);
  if (!program.length || !build || !run || more.length || !/npm run build -w client/.test(build.script)) {
    throw new Error(
      `docs/getting-started.md's "${CLIENT_SECTION}" must hold the program's ts blocks, a block that builds the client and one that runs the program`,
    );
  }
  return { program: program.map((block) => block.script).join('\n'), build, run };
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

/** A `Get` of the service at `baseUrl`, every answer checked against the OpenAPI document. */
export const walkGet =
  (baseUrl: string): Get =>
  async (path, token) => {
    const response = await checkedFetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  };

/**
 * The state the whole walk leaves, whoever took its steps; `upgraded` when the walk went through
 * checkout (the curl walk does, the client program stops at the reports).
 */
export async function expectWalkOutcome(get: Get, vars: WalkVars, { upgraded }: { upgraded: boolean }): Promise<void> {
  const ok = async (path: string, token = vars.TOKEN) => {
    const answer = await get(path, token);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const organization = (await ok(`/v1/organizations/${vars.ORG}`)).data;
  const billing = upgraded ? { plan: 'growth', status: 'active' } : { plan: null, status: 'unpaid' };
  expect(organization).toMatchObject({ name: 'Northwind Agency', currency: 'EUR', billing });

  const members = await ok(`/v1/organizations/${vars.ORG}/users?pageIndex=0&pageSize=20`);
  expect(members.totalCount).toBe(2);
  expect(members.items.map((m: { id: string; role: string }) => [m.id, m.role]).sort()).toEqual(
    [
      [vars.ANA, 'owner'],
      [vars.BEN, 'member'],
    ].sort(),
  );
  // Ben, a member, reads what Ana recorded.
  const creators = await ok(`/v1/creators?workspaceId=${vars.ORG}&pageIndex=0&pageSize=10`, vars.BEN_TOKEN);
  expect(creators.items.map((c: { id: string }) => c.id)).toEqual([vars.CREATOR]);
  const creator = (await ok(`/v1/creators/${vars.CREATOR}`)).data;
  expect(creator.socialAccounts.map((a: { platform: string }) => a.platform).sort()).toEqual(['reddit', 'youtube']);

  const activities = await ok(
    `/v1/activities?organizationId=${vars.ORG}&campaignId=${vars.CAMPAIGN}&pageIndex=0&pageSize=10`,
  );
  expect(activities.items.map((a: { id: string }) => a.id).sort()).toEqual([vars.VIDEO, vars.POST].sort());
  const costs = await ok(`/v1/costs?organizationId=${vars.ORG}&pageIndex=0&pageSize=10`);
  expect(costs.items.map((c: { amount: number; currency: string }) => `${c.amount} ${c.currency}`).sort()).toEqual([
    '1200 EUR',
    '300 USD',
  ]);

  const campaign = await ok(`/v1/reporting/campaign/metrics?organizationId=${vars.ORG}&campaignId=${vars.CAMPAIGN}`);
  // The fee and the boost's 300 USD converted at the stand-in's ECB rate of 2017-03-03: 1200 + 283.96.
  expect(campaign.data).toMatchObject({ budget: 5000, totalCosts: 1483.96 });
  expect(campaign.data.impressions).toBeGreaterThan(0);
  expect(campaign._meta.provenance).toMatchObject({ activitiesTotal: 2, activitiesWithMetrics: 2, costsCount: 2 });
}
