/**
 * What we deploy is what we test (docs/operate.md): builds every function's bundle with the stack's own
 * bundling (infra/build-bundles.ts), reads each function's Handler and environment from the
 * synthesized template (test/infra/synth.ts; references resolved to the local stand-ins), checks
 * that every bundle loads with that environment and exports that handler, then serves the local
 * API through the bundles (each function in a worker with its own environment:
 * infra/local/bundle-host.ts) and runs the README walk-through, one or two calls of every route
 * group and `npm run smoke`'s checks through them. The last block breaks a bundle, an environment
 * and a handler name on purpose and shows the checks fail on each.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { routeGroup } from '../../infra/route-group-stack.ts';
import { routes } from '../../functions/routes.ts';
import { BUILD_OPTIONS } from '../../infra/build-bundles.ts';
import { BUNDLE_ALIASES } from '../../infra/bundling.ts';
import { BundleHost, type BuiltFunction } from '../../infra/local/bundle-host.ts';
import { dispatch } from '../../infra/local/dispatch.ts';
import { FAKE_STRIPE_PRICES } from '../../infra/local/fakes/stripe.ts';
import { LocalIssuer } from '../../infra/local/issuer.ts';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { runSmoke } from '../../infra/scripts/smoke-checks.ts';
import { synth } from '../infra/synth.ts';
import { buildDeployed, type DeployedFunction, deployedFunctions, resolveFunctions } from './deployed-functions.ts';
import { smokeEveryGroup, walkThrough } from './walk-through.ts';

const OUT = mkdtempSync(join(tmpdir(), 'built-bundles-'));
const issuer = LocalIssuer.ephemeral();
let deployed: DeployedFunction[];
let assetDirs: Map<string, string>;
let functions: BuiltFunction[];
let host: BundleHost;
let service: LocalService;
let user: { token: string; userId: string };

/** The failing functions' logs, for an assertion's message. */
const explain = () =>
  host.failures
    .map((f) => `${f.function} answered ${f.status} to ${f.request}:\n  ${f.logs.slice(-5).join('\n  ')}`)
    .join('\n');

beforeAll(async () => {
  const started = performance.now();
  // Synthesized with the local issuer and the fake Stripe's prices, so that the template's plain
  // values are the ones the local stand-ins accept.
  const synthesized = synth(
    {
      stage: 'dev',
      jwtIssuer: issuer.issuer,
      stripePriceStarter: FAKE_STRIPE_PRICES.starter,
      stripePriceGrowth: FAKE_STRIPE_PRICES.growth,
      stripePriceScale: FAKE_STRIPE_PRICES.scale,
      webClientUrl: 'http://localhost:5173',
    },
    { JWT_AUDIENCE: issuer.audience },
  );
  deployed = deployedFunctions(synthesized);
  const synthesizedAt = performance.now();
  assetDirs = await buildDeployed(deployed, OUT);
  console.log(
    `built-bundles: synth ${Math.round(synthesizedAt - started)} ms, ${assetDirs.size} bundles in one esbuild call ${Math.round(performance.now() - synthesizedAt)} ms`,
  );
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
    issuer,
    // Shared by the functions' workers, so a token one seals another opens.
    tokenKeyFile: join(OUT, 'token-sealer-key'),
    loader: (standIns) => {
      functions = resolveFunctions(deployed, assetDirs, standIns);
      host = new BundleHost(functions);
      return host.loader;
    },
  });
}, 900_000);

afterAll(async () => {
  await host?.stop();
  await service?.stop();
  rmSync(OUT, { recursive: true, force: true });
});

describe('the deployed bundles', () => {
  it('are built as the stack builds each one alone: one bundle byte for byte', async () => {
    const alone = await build({
      ...BUILD_OPTIONS,
      entryPoints: [join(import.meta.dirname, '../../functions/users/create.ts')],
      outfile: join(OUT, 'alone/index.mjs'),
      absWorkingDir: join(import.meta.dirname, '../..'),
      write: false,
    });
    const js = alone.outputFiles.find((file) => file.path.endsWith('.mjs'))!;
    expect(js.text).toBe(readFileSync(join(assetDirs.get('users/create')!, 'index.mjs'), 'utf8'));
  });

  it('cover every route and job of the template, each with the handler the template names', () => {
    const served = new Set(deployed.map((fn) => fn.routeKey));
    expect(routes.filter((route) => !served.has(route.key)).map((route) => route.key)).toEqual([]);
    expect(served.has('$default')).toBe(true);
    expect(new Set(deployed.map((fn) => fn.handler))).toEqual(new Set(['index.handler']));
  });

  it('each load with its template environment and export the template handler', async () => {
    const started = performance.now();
    expect(await BundleHost.checkLoads(functions)).toEqual([]);
    console.log(`built-bundles: ${functions.length} functions loaded in ${Math.round(performance.now() - started)} ms`);
  }, 600_000);

  it('serve the README walk-through: token, user created (201), read back (200)', async () => {
    user = await walkThrough(service.url, explain);
    expect(host.failures).toEqual([]);
  });

  it('write their metrics as EMF documents on stdout, one line each (the template sets no LOG_LEVEL)', async () => {
    const documents = (await host.logsOf('POST /v1/users'))
      .filter((line) => line.startsWith('{"_aws"'))
      .map((line) => JSON.parse(line));
    const requests = documents.find((doc) => 'Requests' in doc);
    expect(requests).toMatchObject({
      service: 'creator-measurement',
      stage: 'dev',
      routeGroup: 'users',
      statusClass: '2xx',
      Requests: 1,
    });
    expect(requests._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'CreatorMeasurement',
        Dimensions: [['service', 'stage', 'routeGroup', 'statusClass']],
        Metrics: [{ Name: 'Requests', Unit: 'Count' }],
      },
    ]);
    expect(documents.find((doc) => 'ColdStarts' in doc)).toMatchObject({
      ColdStarts: 1,
      RequestDuration: expect.any(Number),
    });
  });

  it('serve one or two calls of every route group', async () => {
    const groups = await smokeEveryGroup(service.url, user, explain);
    expect(groups.sort()).toEqual([...new Set(routes.map(routeGroup))].sort());
    expect(host.failures).toEqual([]);
  });

  it("pass `npm run smoke`'s checks, which fail with a token the API refuses", async () => {
    const checks = await runSmoke({ base: service.url, token: user.token });
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks.find((check) => check.name.includes('reporting'))?.detail).toMatch(/^200 for organization/);
    const refused = await runSmoke({ base: service.url, token: issuer.mint({ userId: user.userId, expiresIn: -60 }) });
    expect(refused.filter((check) => !check.ok).map((check) => check.name)).toEqual([
      "/v1/organizations lists the caller's organizations",
    ]);
  });
});

describe('the checks fail on a bundle broken on purpose', () => {
  const of = (routeKey: string) => functions.find((fn) => fn.routeKey === routeKey)!;

  it('a bundle that cannot load: @middy/core aliased to a module that throws', async () => {
    const fn = deployed.find((d) => d.routeKey === 'GET /v1/users/:id')!;
    const broken = await buildDeployed([fn], join(OUT, 'broken'), {
      alias: { ...BUNDLE_ALIASES, '@middy/core': './test/bundles/throwing-module.ts' },
    });
    const problems = await BundleHost.checkLoads([
      { ...of('GET /v1/users/:id'), assetDir: broken.get(fn.handlerModule)! },
    ]);
    expect(problems).toEqual([
      { function: fn.name, problem: expect.stringMatching(/^cannot be imported: Error: broken on purpose/) },
    ]);
  });

  it('a handler export that does not match the template', async () => {
    const problems = await BundleHost.checkLoads([{ ...of('GET /v1/users/:id'), handler: 'index.main' }]);
    expect(problems).toEqual([
      { function: of('GET /v1/users/:id').name, problem: 'exports no function "main" (it exports: handler)' },
    ]);
  });

  it('a variable the code needs and the template does not give: TABLE_NAME deleted from POST /v1/users', async () => {
    const { TABLE_NAME: _gone, ...environment } = of('POST /v1/users').environment;
    const brokenHost = new BundleHost([{ ...of('POST /v1/users'), environment }]);
    try {
      const userId = crypto.randomUUID();
      const email = `broken-${userId.slice(0, 8)}@example.com`;
      const body = Buffer.from(JSON.stringify({ userId, email, name: 'Broken' }));
      const headers = { authorization: `Bearer ${issuer.mint({ userId, email })}`, 'content-type': 'application/json' };
      const response = await dispatch({ method: 'POST', url: '/v1/users', headers, body }, brokenHost.loader);
      expect(response.statusCode).toBe(500);
      await vi.waitFor(() =>
        expect(brokenHost.failures[0]?.logs.join('\n')).toContain('Missing required environment variable TABLE_NAME'),
      );
    } finally {
      await brokenHost.stop();
    }
  });
});
