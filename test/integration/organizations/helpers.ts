/** Shared setup of the Organizations tests: organizations and members made through the API itself. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Role } from '../../../shared/domain/roles.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import type { TestUser } from '../../support/users.ts';

export { newOrganization } from '../../support/organizations.ts';

/** POST /v1/organizations/:id/users as the owner: `user` becomes an active member with `role`. */
export async function addMember(organizationId: string, owner: TestUser, user: TestUser, role: Role): Promise<void> {
  const res = await call('POST', `/v1/organizations/${organizationId}/users`, {
    token: owner.token,
    body: { userId: user.userId, role },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** A user signed up (POST /v1/users) with a chosen email address. */
export async function signUpWithEmail(email: string, name = 'Invitee'): Promise<TestUser> {
  const userId = randomUUID();
  const token = tokenFor(userId, { email });
  const res = await call('POST', '/v1/users', { token, body: { userId, email, name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { userId, email, token };
}

/** GET /v1/organizations of `user` (first 100): their organizations as listed. */
export async function organizationsOf(user: TestUser): Promise<Record<string, any>[]> {
  const res = await call('GET', `/v1/organizations?userId=${user.userId}&pageIndex=0&pageSize=100`, {
    token: user.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}
