/**
 * The committed openapi.json is what `npm run openapi` writes from the route table and the handlers'
 * schemas today (docs/decisions.md "The service's own routes"): a changed schema or a new route without regenerating fails here. And the
 * document stands on its own (docs/decisions.md "Figures a reader can check"): it cites no file its reader does not have, `_meta` shows
 * the evidence of the reports, and every figure of a reporting record says how it is computed.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayPath, routeByKey, routes } from '../../functions/routes.ts';
import {
  CLIENT_TYPES,
  OPENAPI_DOCUMENT,
  buildDocument,
  clientTypesText,
  currentDocument,
  documentText,
  operationId,
} from '../../scripts/openapi/document.ts';
import { withoutCitations } from '../../scripts/openapi/summaries.ts';
import { UserRecord } from '../../shared/schemas/records/user.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

let generated: Record<string, any>;
const committed = (name = OPENAPI_DOCUMENT) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');

beforeAll(async () => {
  generated = await currentDocument();
});

describe('openapi.json', () => {
  it('is up to date: `npm run openapi` would write exactly the committed file', () => {
    expect(committed(), 'openapi.json is stale: run `npm run openapi` and commit it').toBe(documentText(generated));
  });

  it("client/src/openapi-types.ts (the client package's types) is up to date with it", async () => {
    expect(committed(CLIENT_TYPES), `${CLIENT_TYPES} is stale: run \`npm run openapi\` and commit it`).toBe(
      await clientTypesText(generated),
    );
  });

  it("documents every route of the route table, and the service's own /openapi.json and /docs without a token", () => {
    const document = JSON.parse(committed());
    const missing = routes.filter((route) => !document.paths[gatewayPath(route.path)]?.[route.method.toLowerCase()]);
    expect(missing.map((route) => route.key)).toEqual([]);
    expect(document.paths['/openapi.json'].get.security).toEqual([]);
    expect(document.paths['/docs'].get.security).toEqual([]);
  });

  it('gives each operation a unique id, a tag, and 401 for routes that take a token', () => {
    const ids = routes.map(operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of routes) {
      const operation = generated.paths[gatewayPath(route.path)][route.method.toLowerCase()];
      expect(operation.tags, route.key).toHaveLength(1);
      if (route.auth === 'bearer')
        expect(operation.responses['401'], route.key).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    }
  });

  it('refuses a built route whose handler declares no output, and shows a declared one in its envelope', () => {
    const route = routeByKey('GET /v1/users/:id');
    expect(() => buildDocument([route], new Map([[route.key, {}]]))).toThrow(
      /GET \/v1\/users\/:id: its handler declares no output/,
    );
    const document = buildDocument([route], new Map([[route.key, { output: okReply(UserRecord) }]]));
    expect(document.paths['/v1/users/{id}'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { data: { $ref: '#/components/schemas/User' }, _meta: { $ref: '#/components/schemas/Meta' } },
      required: ['data', '_meta'],
      additionalProperties: false,
    });
  });

  it('describes inputs with their limits and snake_case spellings: path parameters by route name, query parameters, JSON bodies', () => {
    const list = generated.paths['/v1/campaigns'].get;
    const pageSize = list.parameters.find((p: any) => p.name === 'pageSize');
    expect(pageSize).toMatchObject({
      in: 'query',
      required: true,
      schema: { type: 'integer', minimum: 1, maximum: 100 },
      description: 'Also accepted as `page_size`.',
    });
    const update = generated.paths['/v1/users/{id}'].patch;
    expect(update.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
    ]);
    const body = update.requestBody.content['application/json'].schema;
    expect(body.properties.name.anyOf).toContainEqual({ type: 'string', minLength: 1, maxLength: 255 });
    expect(body.properties.userId).toBeUndefined();
    expect(body.additionalProperties).toBe(false);
  });
});

type JsonSchema = Record<string, any>;

/** A number field: `type` number or integer, alone, with null, or as a branch of a union. */
const isFigure = (schema: JsonSchema): boolean =>
  [schema.type].flat().some((t) => t === 'number' || t === 'integer') ||
  (schema.anyOf ?? schema.oneOf ?? []).some(isFigure);

/** The components a schema refers to, directly or through other components. */
function referencedComponents(
  schema: unknown,
  components: Record<string, JsonSchema>,
  found = new Set<string>(),
): Set<string> {
  if (Array.isArray(schema)) {
    for (const s of schema) referencedComponents(s, components, found);
  } else if (schema && typeof schema === 'object') {
    const name = /^#\/components\/schemas\/(.+)$/.exec((schema as JsonSchema).$ref ?? '')?.[1];
    if (name && !found.has(name)) {
      found.add(name);
      referencedComponents(components[name], components, found);
    }
    for (const s of Object.values(schema)) referencedComponents(s, components, found);
  }
  return found;
}

/** The paths (`Record.field.field`) of the number fields under `schema` that have no description. */
function undescribedFigures(schema: JsonSchema, at: string): string[] {
  const own = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, field]) => [
    ...(isFigure(field) && !field.description ? [`${at}.${name}`] : []),
    ...undescribedFigures(field, `${at}.${name}`),
  ]);
  const nested = [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
    .filter(Boolean)
    .flatMap((s: JsonSchema) => undescribedFigures(s, at));
  return [...own, ...nested];
}

describe('what the document tells its reader', () => {
  it('cites no file the reader does not have: the specification (DECISIONS.md, interface.md) or a source module', () => {
    const text = JSON.stringify(generated);
    expect(text.match(/\b(DECISIONS|decisions|interface|design)\.md\b/g) ?? []).toEqual([]);
    expect(text.match(/[\w/-]+\.(ts|md)\b/g) ?? []).toEqual([]);
  });

  it('leaves citations out of a route description, and the sentence around them whole', () => {
    expect(withoutCitations('adds an existing user; active at once (DECISIONS.md).')).toBe(
      'adds an existing user; active at once.',
    );
    expect(withoutCitations('adds an existing user; active at once (docs/decisions.md).')).toBe(
      'adds an existing user; active at once.',
    );
    expect(withoutCitations('applies them (the service\'s own route, docs/decisions.md "Billing"). No token.')).toBe(
      "applies them (the service's own route). No token.",
    );
    expect(withoutCitations('the demo (docs/spec/interface.md, "States and transitions").')).toBe('the demo.');
    expect(withoutCitations('applies them (the service\'s own route, DECISIONS.md "Billing"). No token.')).toBe(
      "applies them (the service's own route). No token.",
    );
    expect(
      withoutCitations(
        'never backwards (shared/domain/billing.ts `supersedes`); the demo (interface.md, "States and transitions").',
      ),
    ).toBe('never backwards; the demo.');
  });

  it('opens on an introduction: getting started, both forms, the figures and their basis, `_meta`, errors, paging', () => {
    const intro: string = generated.info.description;
    for (const heading of [
      'Getting started',
      'Forms A and B',
      'How the figures are computed',
      'where a reading is counted',
      '_meta',
      'Errors',
      'Paging',
    ]) {
      expect(intro, heading).toMatch(new RegExp(`^# .*${heading}`, 'm'));
    }
    expect(intro).toContain('_meta.provenance.basis');
    expect(intro).toContain('POST localhost:3000/local/token');
  });

  it('documents `_meta`: requestId and generatedAt always; currency, freshness, provenance with its basis, and warnings', () => {
    const meta = generated.components.schemas.Meta;
    expect(meta.required).toEqual(['requestId', 'generatedAt']);
    expect(Object.keys(meta.properties)).toEqual(
      expect.arrayContaining(['requestId', 'generatedAt', 'currency', 'freshness', 'provenance', 'warnings']),
    );
    expect(meta.properties.freshness.type).toEqual(['string', 'null']);
    expect(meta.properties.warnings).toMatchObject({ type: 'array', items: { type: 'string' } });
    const provenance = meta.properties.provenance;
    // `exchangeRates`: the agency view's (docs/decisions.md "Agency view"), the rate each other currency's rows were converted at.
    expect(Object.keys(provenance.properties)).toEqual([
      'activitiesTotal',
      'activitiesWithMetrics',
      'sources',
      'costsCount',
      'conversionDefinitions',
      'basis',
      'exchangeRates',
    ]);
    const { conversions, ...ratios } = provenance.properties.basis.properties;
    expect(
      Object.fromEntries(
        Object.entries(ratios).map(([ratio, part]) => [ratio, Object.keys((part as JsonSchema).properties)]),
      ),
    ).toEqual({
      cpm: ['spend', 'impressions', 'activities'],
      cpe: ['spend', 'engagement', 'activities'],
      cpa: ['spend', 'conversions', 'campaigns'],
    });
    // docs/decisions.md "Money and metrics": one entry per other currency the figures converted.
    expect(conversions.type).toBe('array');
    expect(Object.keys(conversions.items.properties)).toEqual([
      'currency',
      'amount',
      'converted',
      'source',
      'firstRateDate',
      'lastRateDate',
    ]);
    expect(undescribedFigures(meta, 'Meta')).toEqual([]);
  });

  it('says how every figure of a reporting record is computed (each number field has a description)', () => {
    const reporting = routes.filter(
      (route) => route.path.startsWith('/v1/reporting/') || route.path.startsWith('/v1/creators/metrics'),
    );
    const answers = reporting.map(
      (route) => generated.paths[gatewayPath(route.path)][route.method.toLowerCase()].responses,
    );
    const records = [...referencedComponents(answers, generated.components.schemas)];
    expect(records).toEqual(
      expect.arrayContaining([
        'OrganizationMetrics',
        'CampaignComparison',
        'MetricsDay',
        'AnalyticsDay',
        'DirectSignals',
        'Meta',
      ]),
    );
    expect(records.flatMap((name) => undescribedFigures(generated.components.schemas[name], name))).toEqual([]);
  });
});
