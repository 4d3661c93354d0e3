/**
 * docs/getting-started.md's "The same week with the client package", followed word for word: its
 * ```ts blocks, joined in order, are the program `walk.ts` (written to
 * test/output/getting-started-client/), which must type-check against the client package's types;
 * then its run block (`npx tsx walk.ts`, its `127.0.0.1:3000` made the port of the local service
 * this test starts in-process) runs it there. What the program prints is checked against what the
 * doc says it shows, and the state it leaves over HTTP (`expectWalkOutcome`, as for the curl walk).
 *
 * The build block (`npm run build -w client`) is not run, as the curl walk's `npm start` is not:
 * the directory's tsconfig, which tsc and tsx both read, resolves `@creator-measurement/client` to
 * the package's sources, as the other e2e tests call it. The build compiles those same sources;
 * building here would also race client/test/dist.test.ts, which writes dist while it reads it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { ShellSession } from '../support/shell-session.ts';
import { outputDir, typeCheck, writeProject } from '../support/type-check.ts';
import { clientWalk, expectWalkOutcome, walkGet } from './support/getting-started.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const round2 = (n: number) => Math.round(n * 100) / 100;

/** What the program printed, its `Label: text` lines grouped by label, in the order they first came. */
function printed(stdout: string): Map<string, string[]> {
  const lines = new Map<string, string[]>();
  for (const line of stdout.trim().split('\n')) {
    const [, label, text] = line.match(/^([^:]+): (.*)$/) ?? [undefined, '(unlabelled)', line];
    lines.set(label!, [...(lines.get(label!) ?? []), text!]);
  }
  return lines;
}

/** The one line printed under `label`, matched by `pattern`: its groups. */
function only(lines: Map<string, string[]>, label: string, pattern: RegExp): string[] {
  const texts = lines.get(label) ?? [];
  expect(texts, label).toEqual([expect.stringMatching(pattern)]);
  return texts[0]!.match(pattern)!.slice(1);
}

const walk = clientWalk();
const dir = outputDir('getting-started-client');
let service: LocalService;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  writeProject(
    dir,
    { 'walk.ts': walk.program },
    {
      // A script run by Node.js: its types for `process.env`, with the DOM's fetch as the client's README assumes.
      types: ['node'],
      // The package's sources rather than its build (see above); they import `./x.ts`.
      paths: { '@creator-measurement/client': ['../../../client/src/index.ts'] },
      allowImportingTsExtensions: true,
    },
  );
});

afterAll(async () => {
  await service?.stop();
});

describe('docs/getting-started.md, the same week with the client package', () => {
  it("is one program that type-checks against the client package's types", async () => {
    expect(await typeCheck(dir), 'the program of docs/getting-started.md does not type-check').toBe('');
  }, 120_000);

  it('runs as the doc says, prints what the doc shows and leaves the organization the walk describes', async () => {
    const shell = new ShellSession(
      (script) => script.replaceAll('127.0.0.1:3000', service.url.replace('http://', '')),
      dir,
    );
    const { stdout } = await shell.run(walk.run.script, 120_000).finally(() => shell.dispose());
    const lines = printed(stdout);
    expect([...lines.keys()]).toEqual([
      'Before sign-up',
      'Signed up',
      'Organization',
      'Ben joined',
      'Creator',
      'Social account',
      'Activities',
      'Refused',
      'Spend',
      'Campaign',
      'Refreshed',
      'CPM',
      'Converted',
      'Warning',
      'Activities by name',
    ]);

    only(lines, 'Before sign-up', /^403 Create your user record first/);
    const [ANA, BEN] = lines.get('Signed up')!.map((text) => text.match(new RegExp(`^(?:Ana|Ben) (${UUID})$`))?.[1]);
    expect(lines.get('Signed up')).toEqual([`Ana ${ANA}`, `Ben ${BEN}`]);
    const [ORG] = only(lines, 'Organization', new RegExp(`^(${UUID}) Northwind Agency EUR$`));
    only(lines, 'Ben joined', new RegExp(`^${ORG} as member$`));
    const [CREATOR] = only(lines, 'Creator', new RegExp(`^(${UUID}) Mia Rivera$`));
    expect(lines.get('Social account')).toEqual(['youtube @miarivera', 'reddit u/miarivera']);
    const [VIDEO, POST] = only(lines, 'Activities', new RegExp(`^(${UUID}) (${UUID})$`));
    only(lines, 'Refused', /^amount: \S/);
    // The boost converted at the stand-in's ECB rates of 2017-03-03 (USD 1.0565 per EUR), as the doc works out.
    expect(round2(300 / 1.0565)).toBe(283.96);
    only(lines, 'Spend', /^\{"EUR":1483\.96\}$/);
    const [CAMPAIGN] = only(lines, 'Campaign', new RegExp(`^(${UUID}) ready: true$`));
    only(lines, 'Refreshed', /^\d+ due$/);
    // The report's CPM, the program's recomputation and the doc's rule agree, over the video alone.
    const [cpm, recomputed, impressions] = only(
      lines,
      'CPM',
      /^(\S+) EUR, recomputed (\S+) = 1200 \/ (\d+) x 1000 over 1 activity$/,
    );
    expect(Number(cpm)).toBe(round2((1200 / Number(impressions)) * 1000));
    expect(recomputed).toBe(cpm);
    expect(lines.get('Converted')).toEqual(['300 USD = 283.96 EUR (ecb rates of 2017-03-03 to 2017-03-03)']);
    expect(lines.get('Warning')).toEqual([
      "2 of 2 activities' totals before their first reading are counted on their publish date.",
    ]);
    expect(lines.get('Activities by name')).toEqual(['AMA on r/trailrunning, Trail shoe review']);

    // The ids as the doc's shell variables name them; tokens of the program's two users.
    const ids = { ANA: ANA!, BEN: BEN!, ORG: ORG!, CREATOR: CREATOR!, VIDEO: VIDEO!, POST: POST!, CAMPAIGN: CAMPAIGN! };
    const tokens = {
      TOKEN: service.issuer.mint({ userId: ids.ANA }),
      BEN_TOKEN: service.issuer.mint({ userId: ids.BEN }),
    };
    await expectWalkOutcome(walkGet(service.url), { ...ids, ...tokens }, { upgraded: false });
  }, 180_000);
});
