/**
 * The HTTP authorization matrix of every route of the route table that takes a bearer token,
 * against the local service: for each route, the outcome for no token, another tenant's owner, a
 * pending member, a viewer, a member, the owner and the owner's agent token (and, on self routes,
 * acting on another user's account), expected from the route's declaration and the request's
 * inputs. A new route fails here until it has a fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type Route } from '../../functions/routes.ts';
import { expectedOutcome, PROBLEM_CODES, recordInPath, tenantInPath, type Column } from './support/expected-access.ts';
import { fixtures, type RouteFixture } from './support/route-fixtures.ts';
import { urlOf } from './support/route-url.ts';
import { startWorld, WORLD_ROLES, type Identity, type World } from './support/world.ts';

// A route without a bearer token (the Stripe webhook) has no callers to tell apart: its own tests cover it.
const covered = routes.filter((route) => route.auth === 'bearer');

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.service.stop();
});

function columnsOf(route: Route, fixture: RouteFixture): Column[] {
  if (route.access !== 'self') return ['none', ...WORLD_ROLES, 'agent'];
  if ((fixture.actors ?? 'world') === 'world') return ['none', ...WORLD_ROLES, 'agent', 'other'];
  return ['none', 'self', 'agent', 'other'];
}

/** The token a column calls with and the account a self route names. */
async function callerOf(
  route: Route,
  fixture: RouteFixture,
  column: Column,
): Promise<{ token?: string; subject: Identity }> {
  const { users } = world;
  const actors = route.access === 'self' ? (fixture.actors ?? 'world') : 'world';
  if (actors === 'world') {
    if (column === 'none') return { subject: users.owner };
    if (column === 'agent') return { token: world.agentToken(users.owner), subject: users.owner };
    if (column === 'other') return { token: users.member.token, subject: users.owner };
    if (column === 'self') throw new Error('no self column with world actors');
    return { token: users[column].token, subject: users[column] };
  }
  const newcomer = () => (actors === 'fresh' ? world.signUp('Matrix newcomer') : Promise.resolve(world.unregistered()));
  const subject = await newcomer();
  if (column === 'none') return { subject };
  if (column === 'agent') return { token: world.agentToken(subject), subject };
  if (column === 'other') return { token: (await newcomer()).token, subject };
  return { token: subject.token, subject };
}

interface Cell {
  column: Column;
  expected: string;
  got: string;
}

async function cell(route: Route, fixture: RouteFixture, column: Column): Promise<Cell> {
  const { token, subject } = await callerOf(route, fixture, column);
  const tenantId = route.access !== 'self' && fixture.freshTenant ? await world.tenantLikeT() : world.tenantId;
  const parts = await fixture.request({ world, tenantId, subject });
  const response = await world.http(route.method, urlOf(route, parts, tenantId, subject), { token, body: parts.body });
  const outcome = expectedOutcome(route, column, parts);
  const expected = outcome === 'allowed' ? `${fixture.success}` : `${outcome} ${PROBLEM_CODES[outcome]}`;
  const got = response.status < 400 ? `${response.status}` : `${response.status} ${response.body?.code}`;
  return {
    column,
    expected,
    got: got === expected ? got : `${got}: ${response.body?.detail ?? JSON.stringify(response.body)}`,
  };
}

/** Where the route's declaration says its tenant comes from. */
function tenantPlace(route: Route): string {
  if (route.access === 'self') return '';
  if (tenantInPath(route)) return ', tenant in path';
  if (recordInPath(route)) return ', record in path';
  return ', tenant or record in query/body';
}

describe('Authorization matrix: every built route', () => {
  it('has a request fixture for exactly the built routes of the route table', () => {
    expect(Object.keys(fixtures).sort()).toEqual(covered.map((route) => route.key).sort());
  });

  for (const route of covered) {
    const declared = `${route.access}${route.agent ? '' : ', no agent tokens'}${tenantPlace(route)}`;
    it(`${route.key} (${declared})`, async () => {
      const fixture = fixtures[route.key];
      expect(fixture, `no fixture for ${route.key} in test/e2e/support/fixtures/`).toBeDefined();
      const cells: Cell[] = [];
      for (const column of columnsOf(route, fixture!)) cells.push(await cell(route, fixture!, column));
      expect(cells.filter((c) => c.got !== c.expected)).toEqual([]);
      expect(cells.length).toBeGreaterThanOrEqual(4);
    });
  }
});
