/**
 * The repository is licensed under the Apache License 2.0: the full text in LICENSE, `license` in
 * every package.json of the repository (root and workspaces), and the OpenAPI document's
 * `info.license`.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

it('LICENSE holds the full text of the Apache License 2.0', () => {
  const text = read('LICENSE');
  expect(text).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
  expect(text).toContain('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION');
  expect(text).toContain('9. Accepting Warranty or Additional Liability.');
  expect(text).toContain('END OF TERMS AND CONDITIONS');
});

it('every package.json says Apache-2.0', () => {
  const root = JSON.parse(read('package.json')) as { license?: string; workspaces: string[] };
  const packages = ['package.json', ...root.workspaces.map((w) => `${w}/package.json`)];
  expect(packages.length).toBeGreaterThan(1);
  for (const path of packages)
    expect((JSON.parse(read(path)) as { license?: string }).license, path).toBe('Apache-2.0');
});

it('openapi.json declares it in info.license', () => {
  expect(JSON.parse(read('openapi.json')).info.license).toEqual({
    name: 'Apache License 2.0',
    identifier: 'Apache-2.0',
  });
});
