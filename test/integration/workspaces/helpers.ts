/** Helpers of the workspace tests: a workspace of one's own, and members of it in a given role. */
import { expect } from 'vitest';
import { activateMembership } from '../../../shared/db/tenancy/memberships.ts';
import type { Role } from '../../../shared/domain/roles.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';

/** POST /v1/workspaces as `owner`; returns the created workspace record. */
export async function createWorkspace(owner: TestUser, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/v1/workspaces', {
    token: owner.token,
    body: { userId: owner.userId, name: 'Workspace', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Adds `user` through the owner route (pending); `accept` turns it active as the recipient's acceptance would. */
export async function addMember(
  workspaceId: string,
  owner: TestUser,
  user: TestUser,
  role: Role,
  accept = true,
): Promise<void> {
  const res = await call('POST', `/v1/workspaces/${workspaceId}/users`, {
    token: owner.token,
    body: { userId: user.userId, role },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // Acceptance is POST /v1/organizations/invites/:organizationId/accept (another group): the same repository call.
  if (accept) await activateMembership(workspaceId, user.userId);
}

/** A new user who is an active member of the workspace with `role`. */
export async function newMember(
  workspaceId: string,
  owner: TestUser,
  role: Role,
  name = `${role} user`,
): Promise<TestUser> {
  const user = await signUp(name);
  await addMember(workspaceId, owner, user, role);
  return user;
}

export const ZERO_METRICS = {
  creatorsCount: 0,
  activitiesCount: 0,
  campaignsCount: 0,
  costsCount: 0,
  spend: {},
  impressions: 0,
  engagement: 0,
};
