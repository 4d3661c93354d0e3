/**
 * The Lambda bundles take the AWS SDK's credentials from the environment alone (infra/bundling.ts
 * BUNDLE_ALIASES, infra/bundle-shims/credentials-from-env.ts): a bundle built with the stack's
 * options signs its requests with AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY as Lambda sets them,
 * carries none of the default chain's other providers (STS, SSO, ini files, instance metadata), and
 * without those variables fails at once, saying so, instead of probing the network.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { BUILD_OPTIONS } from '../../../infra/build-bundles.ts';

const dir = mkdtempSync(join(tmpdir(), 'bundled-credentials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundled() {
  const outfile = join(dir, `entry-${Date.now()}-${Math.random()}.mjs`);
  const result = await build({
    ...BUILD_OPTIONS,
    sourcemap: false,
    metafile: true,
    entryPoints: [join(import.meta.dirname, 'entry-read-table.ts')],
    outfile,
  });
  return {
    module: (await import(pathToFileURL(outfile).href)) as { readOne(): Promise<boolean> },
    inputs: Object.keys(result.metafile.inputs),
  };
}

describe('a function bundle', () => {
  it("signs with the environment's credentials and carries no other credential provider", async () => {
    const { module, inputs } = await bundled();
    expect(await module.readOne()).toBe(true);
    expect(
      inputs.filter((path) => /credential-provider-(?!env)|client-sts|client-sso|nested-clients/.test(path)),
    ).toEqual([]);
  });

  it('fails at once, naming the missing variables, when the environment has no credentials', async () => {
    const { module } = await bundled();
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    try {
      // A fresh bundle instance: its client has not resolved credentials yet.
      await expect(module.readOne()).rejects.toThrow(/environment variable credentials/i);
    } finally {
      Object.assign(process.env, { AWS_ACCESS_KEY_ID: saved.id, AWS_SECRET_ACCESS_KEY: saved.secret });
    }
  });
});
