/**
 * `@redocly/cli lint` with its recommended rules (redocly.yaml; the findings kept on purpose are in
 * .redocly.lint-ignore.yaml, each with its reason) passes on openapi.json with no error and no
 * warning (docs/decisions.md "The service's own routes").
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

it('redocly lint (recommended rules) finds no error and no warning in openapi.json', async () => {
  const run = await promisify(execFile)('node_modules/.bin/redocly', ['lint', 'openapi.json', '--format=json'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout: string }) => error);
  const report = JSON.parse(run.stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string; location: unknown[] }[];
  };
  expect(report.problems.map((p) => `${p.ruleId}: ${p.message} ${JSON.stringify(p.location)}`)).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
}, 120_000);
