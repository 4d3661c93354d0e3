/**
 * Hostile inputs over HTTP against the local service (docs/decisions.md "Inputs").
 *
 * First the reported cases, one by one. Then the property the issue asks for, over every built
 * route of the route table: each text field of the route's input schema (read from the handler's
 * `input`) gets control and bidi characters, each number field extreme values (±1e308, 1e-200,
 * -0, 2^53 + 1 and `1e400` as JSON text), in an otherwise valid request built by the
 * authorization matrix's fixture for that route; the answer is 400 or a success, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type Route } from '../../functions/routes.ts';
import type { DefinedHandler } from '../../shared/http/handler.ts';
import { pathInputs } from './support/expected-access.ts';
import { sharedActivity } from './support/fixtures/records.ts';
import { fixtures, type RequestParts, type RouteFixture } from './support/route-fixtures.ts';
import { urlOf } from './support/route-url.ts';
import { startWorld, type HttpResult, type Identity, type World } from './support/world.ts';
import { checkedFetch } from './support/contract.ts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.service.stop();
});

/** A JSON body sent as written, so that it can hold number spellings JSON.stringify cannot (`1e400`). */
async function sendRaw(method: string, path: string, token: string, json: string | undefined): Promise<HttpResult> {
  const response = await checkedFetch(`${world.service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: json }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const owner = () => world.users.owner;
const call = (method: string, path: string, body?: unknown) => world.http(method, path, { token: owner().token, body });

function expectInvalid(response: HttpResult, errors: { path: string; message: string | RegExp }[]): void {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.code).toBe('invalid_input');
  expect(response.body.errors).toEqual(
    errors.map(({ path, message }) => ({
      path,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    })),
  );
}

describe('reported cases', () => {
  const ONE_LINE = /one line/;

  it('9.4: a tenant name with CR LF (a header injection in the invitation subject) or a bidi override is 400', async () => {
    expectInvalid(
      await call('POST', '/v1/organizations', { userId: owner().userId, name: 'Acme\r\nBcc: victim@example.com' }),
      [{ path: 'name', message: ONE_LINE }],
    );
    expectInvalid(await call('PATCH', `/v1/organizations/${world.tenantId}`, { name: 'Acme\u202egnp.exe' }), [
      { path: 'name', message: ONE_LINE },
    ]);
    expectInvalid(await call('POST', '/v1/workspaces', { userId: owner().userId, name: 'Acme\u0000' }), [
      { path: 'name', message: ONE_LINE },
    ]);
  });

  it('9.4: a multi-line text keeps its newlines and tabs, NFC-normalised, and refuses other controls', async () => {
    const campaign = await call('POST', '/v1/campaigns', {
      organizationId: world.tenantId,
      name: 'Cafe\u0301',
      summary: 'Line 1\n\tLine 2',
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    expect(campaign.body.data).toMatchObject({ name: 'Caf\u00e9', summary: 'Line 1\n\tLine 2' });
    expectInvalid(await call('PATCH', `/v1/campaigns/${campaign.body.data.id}`, { summary: 'bell\u0007' }), [
      { path: 'summary', message: /control characters/ },
    ]);
  });

  it('9.4: file content is a multi-line text: CSV line breaks and tabs kept, NUL or a bidi override refused', async () => {
    const file = async (content: string, description?: string) =>
      call('POST', '/v1/files', {
        ownerType: 'activity',
        ownerId: await sharedActivity(world.tenantId),
        fileName: 'data.csv',
        contentType: 'text/csv',
        content,
        description,
      });
    const created = await file('a,b\r\n1,\t2\n');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectInvalid(await file('a\u0000b'), [{ path: 'content', message: /control characters/ }]);
    expectInvalid(await file('a,b\n', 'Q3 \u202eexport'), [{ path: 'description', message: /control characters/ }]);
  });

  it("9.7: a budget or conversion value of 1e-200, or finer than the currency's minor unit, is 400", async () => {
    const tenantId = world.tenantId;
    expectInvalid(await call('POST', '/v1/campaigns', { organizationId: tenantId, name: 'Tiny', budget: 1e-200 }), [
      { path: 'budget', message: /decimal places/ },
    ]);
    const campaign = await call('POST', '/v1/campaigns', { organizationId: tenantId, name: 'Budgeted', budget: 10.5 });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    expectInvalid(await call('PATCH', `/v1/campaigns/${campaign.body.data.id}`, { budget: 1e-200 }), [
      { path: 'budget', message: /decimal places/ },
    ]);
    // The world's tenant keeps money in USD: cents, no finer.
    expectInvalid(await call('PATCH', `/v1/campaigns/${campaign.body.data.id}`, { budget: 10.001 }), [
      { path: 'budget', message: /USD/ },
    ]);
    expectInvalid(await call('PATCH', `/v1/organizations/${tenantId}`, { conversionValue: 1e-200 }), [
      { path: 'conversionValue', message: /decimal places/ },
    ]);
  });

  it('9.7: preferences deeper than 8 levels, with an empty key, or with numbers DynamoDB cannot hold are 400', async () => {
    const path = `/v1/users/${owner().userId}/settings`;
    const nested = (levels: number): object => (levels === 1 ? { leaf: 1 } : { a: nested(levels - 1) });
    expect((await call('PATCH', path, { preferences: nested(8) })).status).toBe(200);
    expectInvalid(await call('PATCH', path, { preferences: nested(33) }), [
      { path: 'preferences.a.a.a.a.a.a.a.a', message: /at most 8 levels/ },
    ]);
    expectInvalid(await call('PATCH', path, { preferences: { view: { '': true } } }), [
      { path: 'preferences.view.', message: /Keys must/ },
    ]);
    for (const raw of ['1e400', '9007199254740993', '1e-200']) {
      const response = await sendRaw('PATCH', path, owner().token, `{"preferences":{"zoom":${raw}}}`);
      expectInvalid(response, [{ path: 'preferences.zoom', message: /./ }]);
    }
  });

  it('10.4: out-of-range and missing numbers say what is wrong', async () => {
    const members = `/v1/organizations/${world.tenantId}/users`;
    expectInvalid(await call('GET', `${members}?pageIndex=0&pageSize=101`), [
      { path: 'pageSize', message: 'Must be at most 100.' },
    ]);
    expectInvalid(await call('GET', `${members}?pageIndex=0&pageSize=0`), [
      { path: 'pageSize', message: 'Must be at least 1.' },
    ]);
    expectInvalid(await call('GET', `${members}?pageIndex=0&pageSize=-1`), [
      { path: 'pageSize', message: 'Must be at least 1.' },
    ]);
    expectInvalid(await call('GET', `${members}?pageIndex=-1&pageSize=10`), [
      { path: 'pageIndex', message: 'Must be at least 0.' },
    ]);
    expectInvalid(await call('GET', `${members}?pageIndex=0`), [{ path: 'pageSize', message: 'Required.' }]);
    expectInvalid(await call('GET', `${members}?pageIndex=0&pageSize=10&sortDirection=up`), [
      { path: 'sortDirection', message: 'Must be one of: asc, desc.' },
    ]);
    const creator = await call('POST', '/v1/creators', { workspaceId: world.tenantId, name: 'History' });
    const history = `/v1/creators/metrics/history?workspaceId=${world.tenantId}&creatorId=${creator.body.data.id}&daysBack=400`;
    expectInvalid(await call('GET', history), [{ path: 'daysBack', message: 'Must be at most 365.' }]);
    expectInvalid(await call('PATCH', `/v1/organizations/${world.tenantId}`, { name: 'x'.repeat(256) }), [
      { path: 'name', message: 'Must be at most 255 characters.' },
    ]);
  });

  it('10.5: an unknown body field is named as sent: `id` on PATCH /v1/campaigns/:id, `owner_name` as owner_name', async () => {
    const campaign = await call('POST', '/v1/campaigns', { organizationId: world.tenantId, name: 'Named' });
    const path = `/v1/campaigns/${campaign.body.data.id}`;
    expectInvalid(await call('PATCH', path, { id: campaign.body.data.id }), [
      { path: 'id', message: 'Unknown field.' },
    ]);
    expectInvalid(await call('PATCH', path, { owner_name: 'Ada' }), [
      { path: 'owner_name', message: 'Unknown field.' },
    ]);
  });
});

// ---- The property: every text and number field of every built route, never a 500. ----

type Kind = 'text' | 'number' | 'record' | { array: Kind };

/** The zod definition of a schema, as far as this walk needs it. */
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
}
type Schema = { _zod: { def: Def } };

function kindOf(schema: Schema | undefined): Kind | undefined {
  const def = schema?._zod.def;
  switch (def?.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return kindOf(def.innerType);
    case 'pipe':
      return kindOf(def.in) ?? kindOf(def.out);
    case 'string':
    case 'enum':
      return 'text';
    case 'number':
      return 'number';
    case 'record':
      return 'record';
    case 'array': {
      const element = kindOf(def.element);
      return element && { array: element };
    }
    default:
      return undefined;
  }
}

/** The fields of a handler's input that the client sends in the query or body, with their kinds. */
function clientFields(route: Route, schema: Schema): [string, Kind][] {
  const shape = schema._zod.def.shape;
  if (!shape) throw new Error(`${route.key}: input is not an object schema`);
  const inPath = new Set(pathInputs(route));
  return Object.entries(shape).flatMap(([name, field]): [string, Kind][] => {
    const kind = kindOf(field);
    return kind && !inPath.has(name) ? [[name, kind]] : [];
  });
}

const CONTROLS = ['\r\n', '\u0000', '\u202e', '\u0007'];
/** As JSON text; in a query string, the same spellings. */
const NUMBERS = ['1e308', '-1e308', '1e-200', '-0', '9007199254740993', '1e400'];
const RAW = '\u0000raw\u0000';

interface Hostile {
  label: string;
  /** The value in the body (RAW stands for `raw`, written into the JSON text as is). */
  value: unknown;
  raw?: string;
  /** Its query-string spelling. */
  query: string;
}

function hostileValues(kind: Kind, base: unknown): Hostile[] {
  if (typeof kind === 'object') {
    return hostileValues(kind.array, Array.isArray(base) ? base[0] : undefined).map((h) => ({
      ...h,
      value: [h.value],
      query: h.query,
    }));
  }
  if (kind === 'number') return NUMBERS.map((raw) => ({ label: raw, value: RAW, raw, query: raw }));
  if (kind === 'record')
    return NUMBERS.map((raw) => ({ label: `{x: ${raw}}`, value: { x: RAW }, raw, query: `{"x":${raw}}` }));
  const text = typeof base === 'string' ? base : 'Hostile';
  return CONTROLS.map((c) => ({ label: JSON.stringify(c), value: `${text}${c}x`, query: `${text}${c}x` }));
}

/** The caller and account of one request: the owner, or a new account where the fixture needs one per call. */
async function subjectFor(route: Route, fixture: RouteFixture): Promise<Identity> {
  const actors = route.access === 'self' ? (fixture.actors ?? 'world') : 'world';
  if (actors === 'fresh') return world.signUp('Hostile newcomer');
  if (actors === 'unregistered') return world.unregistered();
  return world.users.owner;
}

interface Outcome {
  request: string;
  status: number;
  detail?: string;
}

async function attack(route: Route, fixture: RouteFixture, field: string, hostile: Hostile): Promise<Outcome> {
  const subject = await subjectFor(route, fixture);
  const tenantId = fixture.freshTenant ? await world.tenantLikeT() : world.tenantId;
  const parts: RequestParts = await fixture.request({ world, tenantId, subject });
  const inBody = parts.body !== undefined || (route.method !== 'GET' && route.method !== 'DELETE');
  let json: string | undefined;
  if (inBody) {
    const body = { ...(parts.body as object | undefined), [field]: hostile.value };
    json = JSON.stringify(body).replace(JSON.stringify(RAW), hostile.raw ?? '');
  } else {
    parts.query = { ...parts.query, [field]: hostile.query };
  }
  const url = urlOf(route, parts, tenantId, subject);
  const response = await sendRaw(route.method, url, subject.token, json);
  return { request: `${field} = ${hostile.label}`, status: response.status, detail: response.body?.detail };
}

// A route without a bearer token has no input schema (the Stripe webhook verifies a signed body; its own hostile cases are in billing.e2e.test.ts).
const built = routes.filter((route) => route.auth === 'bearer');

describe('never a 500: control characters in every text field, extreme numbers in every number field', () => {
  let total = 0;

  for (const route of built) {
    it(route.key, async () => {
      const fixture = fixtures[route.key];
      expect(fixture, `no fixture for ${route.key}`).toBeDefined();
      const { handler } = (await import(new URL(`../../functions/${route.handler}.ts`, import.meta.url).href)) as {
        handler: DefinedHandler;
      };
      const refused: Outcome[] = [];
      // The fixture's own values are the base of the hostile ones (a unique name stays unique).
      const base = await fixture!.request({
        world,
        tenantId: world.tenantId,
        subject: await subjectFor(route, fixture!),
      });
      const given = { ...base.query, ...(base.body as object | undefined) } as Record<string, unknown>;
      for (const [field, kind] of clientFields(route, handler.input as unknown as Schema)) {
        for (const hostile of hostileValues(kind, given[field])) {
          const outcome = await attack(route, fixture!, field, hostile);
          total += 1;
          if (outcome.status !== 400 && (outcome.status < 200 || outcome.status > 299)) refused.push(outcome);
        }
      }
      expect(refused).toEqual([]);
    });
  }

  it('sent hostile values to many fields', () => {
    expect(total).toBeGreaterThan(500);
  });
});
