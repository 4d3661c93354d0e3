/**
 * Spectral over openapi.json with `spectral:oas` and the OWASP API Security 2023 ruleset
 * (.spectral.yaml, where each rule turned off says why): no error. And the bounds the document
 * declares for inputs without a zod check of their own (scripts/openapi/bounds.ts) are the ones
 * their patterns allow.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { patternMaxLength } from '../../scripts/openapi/bounds.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

it('spectral lint (spectral:oas and OWASP 2023) finds no error in openapi.json', async () => {
  const run = await promisify(execFile)(
    'node_modules/.bin/spectral',
    ['lint', 'openapi.json', '--format=json', '--quiet'],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout: string }) => error);
  const findings = JSON.parse(run.stdout) as { code: string; severity: number; message: string; path: string[] }[];
  const errors = findings.filter((f) => f.severity === 0).map((f) => `${f.code}: ${f.message} at ${f.path.join('.')}`);
  expect(errors).toEqual([]);
}, 300_000);

it('bounds a string by its pattern only when the pattern fixes its length', () => {
  expect(patternMaxLength('^\\d{4}-\\d{2}-\\d{2}$')).toBe(10);
  expect(patternMaxLength('^[A-Za-z]{3}$')).toBe(3);
  expect(patternMaxLength('^cs_[A-Za-z0-9_]{1,250}$')).toBe(253);
  for (const open of ['^a+$', '^\\d{2,}$', '^(a|b)$', 'abc', '^a*$'])
    expect(patternMaxLength(open), open).toBeUndefined();
});
