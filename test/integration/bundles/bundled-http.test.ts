/**
 * The Lambda bundles take `node:http` through `require` (infra/bundling.ts BUNDLE_ALIASES,
 * infra/bundle-shims/http-without-websocket.ts): a bundle built with the stack's options gets the
 * real module's STATUS_CODES and the module itself, and importing it loads no undici (which an ES
 * module import of `node:http` does, for its WebSocket getters: tens of milliseconds of every cold
 * start, the cold-start targets, test/bench/RESULTS.md). A named import the shim lacks fails the build rather than being undefined.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { BUILD_OPTIONS } from '../../../infra/build-bundles.ts';

const ROOT = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'bundled-http-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Imports `file` in a new Node process: its exports, and whether Node loaded its undici. */
function importFresh(file: string): { notFound: string; agent: boolean; undici: boolean } {
  const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(JSON.stringify({ notFound: m.notFound, agent: m.agent, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

async function bundle(entry: string, options = {}): Promise<string> {
  const outfile = join(dir, `${Math.random()}.mjs`);
  await build({ ...BUILD_OPTIONS, ...options, sourcemap: false, absWorkingDir: ROOT, entryPoints: [entry], outfile });
  return outfile;
}

describe('a function bundle', () => {
  it('takes node:http without loading undici, with the real STATUS_CODES and module', async () => {
    expect(importFresh(await bundle(join(import.meta.dirname, 'entry-http.ts')))).toEqual({
      notFound: 'Not Found',
      agent: true,
      undici: false,
    });
  });

  it('would load undici without the alias (what the shim saves)', async () => {
    const { 'node:http': _n, http: _h, ...others } = BUILD_OPTIONS.alias;
    expect(importFresh(await bundle(join(import.meta.dirname, 'entry-http.ts'), { alias: others })).undici).toBe(true);
  });

  it('fails the build on a name of node:http the shim does not export', async () => {
    // createServer: no function serves HTTP itself (`request` is exported: the webhook delivery uses it).
    const entry = join(dir, 'entry-create-server.ts');
    writeFileSync(entry, "import { createServer } from 'node:http';\nexport const s = createServer;\n");
    await expect(bundle(entry, { logLevel: 'silent' })).rejects.toThrow(/No matching export/);
  });
});
