/**
 * The route table helpers (`gatewayPath`, `hasMeta`, `routeByKey`, `routeByGatewayKey`) and the
 * local gateway's `matchRoute` (static segments outrank parameters; path params decoded).
 */
import { describe, expect, it } from 'vitest';
import { gatewayPath, hasMeta, routeByGatewayKey, routeByKey, routes } from '../../functions/routes.ts';
import { matchRoute } from '../../infra/local/gateway.ts';

describe('gatewayPath', () => {
  it.each([
    ['/v1/users/:id', '/v1/users/{id}'],
    ['/v1/users', '/v1/users'],
    ['/v1/campaigns/:id/activities/:activityId', '/v1/campaigns/{id}/activities/{activityId}'],
    [
      '/v1/creators/:creatorId/social-accounts/:platform/:accountId',
      '/v1/creators/{creatorId}/social-accounts/{platform}/{accountId}',
    ],
    ['/v1/organizations/invites/:organizationId/accept', '/v1/organizations/invites/{organizationId}/accept'],
  ])('turns %s into %s', (path, expected) => {
    expect(gatewayPath(path)).toBe(expected);
  });
});

describe('hasMeta', () => {
  it.each([
    ['GET /v1/workspaces', true], // Form A
    ['GET /v1/users/:id', true], // both
    ['GET /v1/campaigns', true], // both
    ['POST /v1/users', false], // Form B
    ['GET /v1/activities', false], // Form B
    ['POST /v1/billing/checkout-session', false], // Form B
  ])('%s -> %s', (key, expected) => {
    expect(hasMeta(routeByKey(key))).toBe(expected);
  });
});

describe('routeByKey / routeByGatewayKey', () => {
  it('finds a route by its spec key', () => {
    const route = routeByKey('PATCH /v1/users/:id');
    expect(route).toMatchObject({ method: 'PATCH', path: '/v1/users/:id', params: { id: 'userId' }, access: 'self' });
  });

  it('throws on an unknown key, naming it', () => {
    expect(() => routeByKey('GET /v1/nope')).toThrow(/GET \/v1\/nope/);
  });

  it('throws on a key in API Gateway syntax or with the wrong method', () => {
    expect(() => routeByKey('GET /v1/users/{id}')).toThrow();
    expect(() => routeByKey('PUT /v1/users/:id')).toThrow();
  });

  it('has unique keys, and every route is found again from its API Gateway route key', () => {
    expect(new Set(routes.map((r) => r.key)).size).toBe(routes.length);
    for (const route of routes) expect(routeByGatewayKey(`${route.method} ${gatewayPath(route.path)}`)).toBe(route);
  });

  it('answers undefined for an unknown or spec-syntax gateway key', () => {
    expect(routeByGatewayKey('GET /v1/users/:id')).toBeUndefined();
    expect(routeByGatewayKey('$default')).toBeUndefined();
  });
});

describe('matchRoute', () => {
  it('matches GET /v1/activities/count to the count route, not /v1/activities/:id', () => {
    const match = matchRoute('GET', '/v1/activities/count');
    expect(match?.route.key).toBe('GET /v1/activities/count');
    expect(match?.pathParameters).toEqual({});
  });

  it.each([
    ['GET', '/v1/activities/stats', 'GET /v1/activities/stats'],
    ['GET', '/v1/activities/creators/count', 'GET /v1/activities/creators/count'],
    ['GET', '/v1/campaigns/stats', 'GET /v1/campaigns/stats'],
    ['GET', '/v1/creators/metrics', 'GET /v1/creators/metrics'],
    ['POST', '/v1/creators/own-brand', 'POST /v1/creators/own-brand'],
    ['POST', '/v1/campaigns/preview', 'POST /v1/campaigns/preview'],
    ['POST', '/v1/organizations/invites/process-signup', 'POST /v1/organizations/invites/process-signup'],
  ])('prefers the static route for %s %s', (method, path, key) => {
    expect(matchRoute(method, path)?.route.key).toBe(key);
  });

  it('falls back to the parameter route for any other segment', () => {
    const match = matchRoute('GET', '/v1/activities/a-123');
    expect(match?.route.key).toBe('GET /v1/activities/:id');
    expect(match?.pathParameters).toEqual({ id: 'a-123' });
  });

  it('answers undefined for an unknown path', () => {
    expect(matchRoute('GET', '/v1/nothing-here')).toBeUndefined();
    expect(matchRoute('GET', '/v2/users')).toBeUndefined();
    expect(matchRoute('GET', '/v1/users/a/b/c')).toBeUndefined();
  });

  it('answers undefined for a known path with a method it does not have', () => {
    expect(matchRoute('PUT', '/v1/users/u1')).toBeUndefined();
  });

  it('decodes path parameters', () => {
    expect(matchRoute('GET', '/v1/users/a%20b%2Fc')?.pathParameters).toEqual({ id: 'a b/c' });
  });

  it('names every parameter of a multi-parameter path', () => {
    const match = matchRoute('DELETE', '/v1/creators/c1/social-accounts/instagram/acc%40one');
    expect(match?.route.key).toBe('DELETE /v1/creators/:creatorId/social-accounts/:platform/:accountId');
    expect(match?.pathParameters).toEqual({ creatorId: 'c1', platform: 'instagram', accountId: 'acc@one' });
  });

  it('matches every route of the table from a concrete path', () => {
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'p-1');
      expect(matchRoute(route.method, path)?.route, route.key).toBe(route);
    }
  });
});
