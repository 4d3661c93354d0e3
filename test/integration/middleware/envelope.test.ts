/**
 * `envelope`: successful responses are `{data}` / `{items,totalCount,facets}` with `_meta`
 * {requestId, generatedAt} on routes that exist in Form A (forms A and both), none on Form-B-only
 * routes; problem documents never carry `_meta`, whatever the route's form.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { putMembership } from '../../support/memberships.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { expectProblem, newUser } from './helpers.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let user: { userId: string; token: string; email: string };

beforeAll(async () => {
  user = await newUser('Envelope');
});

describe('envelope: success shapes', () => {
  it('answers a Form-A/both route (GET /v1/users/:id) with {data, _meta: {requestId, generatedAt}}', async () => {
    const before = Date.now();
    const res = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(Object.keys(res.body).sort()).toEqual(['_meta', 'data']);
    expect(res.body.data).toMatchObject({ id: user.userId, userId: user.userId, email: user.email, name: 'Envelope' });
    expect(res.body._meta.requestId).toBeTypeOf('string');
    expect(res.body._meta.requestId).not.toBe('');
    expect(res.body._meta.generatedAt).toMatch(ISO_INSTANT);
    expect(Date.parse(res.body._meta.generatedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('gives each request its own requestId', async () => {
    const a = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    const b = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    expect(a.body._meta.requestId).not.toBe(b.body._meta.requestId);
  });

  it('answers a Form-B-only route (POST /v1/users) 201 with {data} and no _meta', async () => {
    const userId = randomUUID();
    const res = await call('POST', '/v1/users', {
      token: tokenFor(userId, { email: `${userId}@example.com` }),
      body: { userId, email: `${userId}@example.com` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers['content-type']).toBe('application/json');
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.userId).toBe(userId);
  });

  it('answers a list route (GET /v1/users) with {items, totalCount, facets, _meta}', async () => {
    const tenantId = randomUUID();
    await putMembership({ tenantId, userId: user.userId, role: 'owner' });
    const res = await call('GET', `/v1/users?organization_id=${tenantId}&page_index=0&page_size=10`, {
      token: user.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['_meta', 'facets', 'items', 'totalCount']);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ userId: user.userId, role: 'owner', membershipStatus: 'active' });
    expect(res.body.facets).toEqual({ role: { owner: 1 } });
    expect(res.body._meta.generatedAt).toMatch(ISO_INSTANT);
  });
});

describe('envelope: problems carry no _meta, whatever the form of the route', () => {
  it('has no _meta on a 404 from a Form-A/both route', async () => {
    const missing = randomUUID();
    const res = await call('GET', `/v1/users/${missing}`, { token: tokenFor(missing) });
    expectProblem(res, 404, 'not_found');
  });

  it('has no _meta on a 400 from a Form-A/both route', async () => {
    expectProblem(await call('GET', `/v1/users/${user.userId}?foo=1`, { token: user.token }), 400, 'invalid_input', [
      { path: 'foo', message: 'Unknown field.' },
    ]);
  });
});
