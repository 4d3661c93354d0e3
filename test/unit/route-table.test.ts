/**
 * The route table is the specification's endpoint list, exactly; and it is the only list of routes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webhooksRoutes } from '../../functions/routes/webhooks.ts';
import { reportLinksRoutes } from '../../functions/routes/report-links.ts';
import { routes } from '../../functions/routes.ts';

const ROOT = join(import.meta.dirname, '../..');
const SPEC = join(ROOT, 'docs/spec/interface.md');

/** docs/decisions.md "The service's own routes": in the table besides the specification's endpoints. */
const OWN_ROUTES = [
  'POST /v1/users/:id/confirm-email-change',
  'POST /v1/billing/stripe/webhook',
  'GET /v1/analytics-oauth/callback',
  'POST /v1/analytics-oauth/complete',
  // docs/webhooks.md, beyond the specification: exports (docs/exports.md).
  'POST /v1/exports',
  'GET /v1/exports/:id',
  // docs/webhooks.md, beyond the specification: outbound events (Standard Webhooks).
  ...webhooksRoutes.map((r) => r.key),
  // docs/decisions.md "Agency view": an organization's and its workspaces' figures side by side.
  'GET /v1/reporting/organization/workspaces',
  // docs/decisions.md "Report links (a report a client can open)": the links and the page they open.
  ...reportLinksRoutes.map((r) => r.key),
];

/** The own routes a third party calls without a bearer token, and the proof each takes instead. */
const UNBEARER_ROUTES: Record<string, string> = {
  'POST /v1/billing/stripe/webhook': 'stripe-signature',
  'GET /v1/analytics-oauth/callback': 'none',
  'GET /r/:token': 'none',
};

/** `METHOD /path` of every endpoint row in the specification's tables. */
function specEndpoints(): string[] {
  const rows = readFileSync(SPEC, 'utf8').matchAll(/^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/v1\/\S*)\s*\|/gm);
  return [...rows].map(([, method, path]) => `${method} ${path}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('functions/routes.ts', () => {
  it("holds exactly the endpoints of interface.md and the service's own routes, each once", () => {
    expect(existsSync(SPEC), `specification expected at ${SPEC}`).toBe(true);
    const spec = specEndpoints();
    expect(spec.length).toBe(126);
    const table = routes.map((r) => r.key);
    expect(new Set(table).size).toBe(table.length);
    expect([...table].sort()).toEqual([...new Set([...spec, ...OWN_ROUTES])].sort());
  });

  it('marks each route with a form, an auth kind and an access rule', () => {
    for (const route of routes) {
      expect(['A', 'B', 'both'], route.key).toContain(route.form);
      expect(route.auth, route.key).toBe(UNBEARER_ROUTES[route.key] ?? 'bearer');
      expect(['self', 'viewer', 'member', 'owner'], route.key).toContain(route.access);
    }
  });

  it('names an existing handler module for every route, and the module declares that same route', () => {
    for (const route of routes) {
      const file = join(ROOT, 'functions', `${route.handler}.ts`);
      expect(existsSync(file), `${route.key} -> ${file}`).toBe(true);
      expect(readFileSync(file, 'utf8'), route.key).toContain(`route: routeByKey('${route.key}')`);
    }
  });

  it('is the only place that lists routes: no other source pairs a method with a /v1 path, except a handler naming its own', () => {
    const routeLiteral = /['"`](GET|POST|PUT|PATCH|DELETE) \/v1\/[^'"`]*['"`]/g;
    const offenders: string[] = [];
    for (const dir of ['functions', 'shared', 'infra']) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        const rel = relative(ROOT, file);
        if (rel === join('functions', 'routes.ts') || rel.startsWith(`${join('functions', 'routes')}/`)) continue;
        // Comments may name a route (`POST /v1/users`); only code can list one.
        const text = withoutComments(readFileSync(file, 'utf8'));
        const literals = [...text.matchAll(routeLiteral)].map((m) => m[0].slice(1, -1));
        const own = routes
          .filter((r) => `functions/${r.handler}.ts` === rel.replaceAll('\\', '/'))
          .map((r): string => r.key);
        const foreign = literals.filter((l) => !own.includes(l) || literals.length > 1);
        if (foreign.length) offenders.push(`${rel}: ${foreign.join(', ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

/** Source text without its block comments and whole-line `//` comments. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
}
