/**
 * The built package (`npm run build -w client`, the same script a publisher runs): Node.js imports
 * its `dist` by the package's name and it works against a small local server, and the README's
 * examples type-check against its declarations, as another project would see them. The build runs
 * here, so that this test always checks the current sources (and CI needs no step of its own).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeBlocks } from '../../test/support/markdown.ts';
import { outputDir, typeCheck, writeProject } from '../../test/support/type-check.ts';
import { pagedList, problem, startFakeService, type FakeService } from './support/fake-service.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = new URL('../dist/', import.meta.url).pathname;
let service: FakeService;

beforeAll(async () => {
  // Written over in place, not removed first: a failed build fails here (tsc exits non-zero), and a concurrent reader of dist never finds it missing.
  await run('npm', ['run', 'build', '-w', 'client'], { cwd: ROOT });
  service = await startFakeService();
}, 180_000);
afterAll(() => service?.stop());

it('builds ESM with declarations into dist', () => {
  for (const file of ['index.js', 'index.d.ts', 'client.js', 'client.d.ts', 'openapi-types.d.ts'])
    expect(existsSync(`${DIST}${file}`), file).toBe(true);
  expect(readFileSync(`${DIST}index.js`, 'utf8')).toContain('export { createClient } from "./client.js"');
});

it('is imported by its name from dist with Node.js, and calls, pages and fails as its sources do', async () => {
  service.answer((request) => {
    if (request.url.pathname === '/v1/creators') return pagedList(3, 'A')(request);
    if (request.url.pathname.startsWith('/v1/users/'))
      return { status: 200, body: { data: { id: 'u', name: 'You' }, _meta: {} } };
    return { status: 404, body: problem(404, 'not_found', 'The campaign was not found.') };
  });
  const script = `
    import { ApiProblem, createClient } from '@creator-measurement/client';
    const client = createClient({ baseUrl: process.env.BASE_URL, token: () => 'built' });
    const me = await client.GET('/v1/users/{id}', { params: { path: { id: 'u' } } });
    const names = [];
    for await (const creator of client.pages('/v1/creators', { params: { query: { workspaceId: 'w', pageSize: 2 } } })) names.push(creator.name);
    const missing = await client.GET('/v1/campaigns/{id}', { params: { path: { id: 'c' } } });
    console.log(JSON.stringify({ name: me.data.data.name, names, problem: missing.error instanceof ApiProblem, code: missing.error.code }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, BASE_URL: service.url },
  });
  expect(JSON.parse(stdout)).toEqual({
    name: 'You',
    names: ['Record 0', 'Record 1', 'Record 2'],
    problem: true,
    code: 'not_found',
  });
  expect(service.received.map((r) => `${r.url.pathname} ${r.headers.authorization}`)).toEqual([
    '/v1/users/u Bearer built',
    '/v1/creators Bearer built',
    '/v1/creators Bearer built',
    '/v1/campaigns/c Bearer built',
  ]);
});

it("type-checks the README's examples against the built declarations", async () => {
  const examples = codeBlocks(new URL('../README.md', import.meta.url).pathname, 'ts').map((block) => block.script);
  expect(examples.length).toBeGreaterThanOrEqual(5);
  // Under the repository, so that `@creator-measurement/client` resolves through node_modules to the workspace's dist.
  const dir = outputDir('client-readme');
  writeProject(dir, { 'examples.mts': `${examples.join('\n')}\nexport {};\n` });
  expect(await typeCheck(dir), 'README examples do not type-check').toBe('');
}, 120_000);
