/**
 * docs/decisions.md "Tenants, memberships and roles": a token holder with no user record yet is refused (403, a detail naming
 * `POST /v1/users`) by every route that would make the caller a member of a tenant, before it
 * writes anything; once the record exists, the same request succeeds and the member list shows them.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { membershipsOfUser } from '../../../shared/db/tenancy/memberships.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { newOrganization } from './helpers.ts';

/** A token holder who has not created their user record. */
function unregistered(): TestUser {
  const userId = randomUUID();
  const email = `newcomer-${userId}@example.com`;
  return { userId, email, token: tokenFor(userId, { email }) };
}

const register = async (user: TestUser) =>
  expect(
    (
      await call('POST', '/v1/users', {
        token: user.token,
        body: { userId: user.userId, email: user.email, name: 'Newcomer' },
      })
    ).status,
  ).toBe(201);

/** The routes that would give the caller a membership, each as the caller would ask. */
const routes: [string, (user: TestUser, orgId: string) => [string, string, Record<string, unknown>]][] = [
  ['POST /v1/organizations', (user) => ['POST', '/v1/organizations', { userId: user.userId, name: 'Agency' }]],
  ['POST /v1/workspaces', (user) => ['POST', '/v1/workspaces', { userId: user.userId, name: 'Agency' }]],
  [
    'POST /v1/organizations/complete-organic-signup',
    (user) => ['POST', '/v1/organizations/complete-organic-signup', { userId: user.userId, name: 'Brand' }],
  ],
  [
    'POST /v1/organizations/invites/:organizationId/accept',
    (user, orgId) => ['POST', `/v1/organizations/invites/${orgId}/accept`, { userId: user.userId }],
  ],
  [
    'POST /v1/organizations/invites/process-signup',
    (user) => ['POST', '/v1/organizations/invites/process-signup', { userId: user.userId }],
  ],
];

describe("Routes that make the caller a member need the caller's user record first", () => {
  for (const [key, request] of routes) {
    it(`${key}: 403 naming POST /v1/users, nothing written; after sign-up the caller is a listed member`, async () => {
      const owner = await signUp('Inviting owner');
      const orgId = await newOrganization(owner, 'Inviting Co');
      const newcomer = unregistered();
      // An invitation waits for the newcomer's address, so accept and process-signup have something to do.
      const invited = await call('POST', `/v1/organizations/${orgId}/invites`, {
        token: owner.token,
        body: { email: newcomer.email, role: 'member' },
      });
      expect(invited.status).toBe(201);

      const [method, url, body] = request(newcomer, orgId);
      const refused = await call(method, url, { token: newcomer.token, body });
      expectProblem(refused, 403, 'forbidden');
      expect(refused.body.detail).toMatch(/POST \/v1\/users/);
      expect(await membershipsOfUser(newcomer.userId)).toEqual([]);

      await register(newcomer);
      const done = await call(method, url, { token: newcomer.token, body });
      expect(done.status, JSON.stringify(done.body)).toBeLessThan(300);
      const [membership] = await membershipsOfUser(newcomer.userId);
      expect(membership).toBeDefined();
      const members = await call('GET', `/v1/organizations/${membership!.tenantId}/users?pageIndex=0&pageSize=10`, {
        token: newcomer.token,
      });
      expect(members.status).toBe(200);
      expect(members.body.totalCount).toBeGreaterThan(0);
      expect(members.body.items.map((m: { id: string }) => m.id)).toContain(newcomer.userId);
    });
  }
});
