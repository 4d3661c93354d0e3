/**
 * The /docs page hands Redoc the document with the host it was served from as its first server
 * (not a hard-coded localhost:3000), and the licence the document declares (Apache-2.0), which
 * Redoc shows under the title. The page's inline script runs here against a stand-in Redoc.
 */
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { apiReferenceResponse } from '../../functions/service/api-reference.ts';

/** The document the page's own script passes to `Redoc.init`, run as a browser at `origin` would. */
function specHandedToRedoc(origin: string): Record<string, any> {
  const html = apiReferenceResponse('GET', '/docs')!.body as string;
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const init = scripts.find((script) => script.includes('Redoc.init('));
  if (!init) throw new Error('the /docs page has no script calling Redoc.init');
  let handed: Record<string, any> | undefined;
  runInNewContext(init, {
    Redoc: { init: (spec: Record<string, any>) => (handed = spec) },
    location: { origin },
    document: { getElementById: () => ({}) },
  });
  if (!handed) throw new Error('Redoc.init was not called');
  return JSON.parse(JSON.stringify(handed));
}

it("names the host the page was served from as the first server, keeping the document's others", () => {
  const spec = specHandedToRedoc('https://abc123.execute-api.eu-west-1.amazonaws.com');
  expect(spec.servers[0]).toEqual({
    url: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
    description: expect.any(String),
  });
  expect(spec.servers.length).toBeGreaterThan(1);
  const local = specHandedToRedoc('http://127.0.0.1:4321');
  expect(local.servers[0].url).toBe('http://127.0.0.1:4321');
  expect(local.servers.map((s: { url: string }) => s.url)).not.toContain('http://localhost:3000');
});

it('shows the Apache-2.0 licence the document declares', () => {
  expect(specHandedToRedoc('http://127.0.0.1:1').info.license).toEqual({
    name: 'Apache License 2.0',
    identifier: 'Apache-2.0',
  });
});
