/**
 * A valid request for every route of the Organizations, Workspaces and Users groups, keyed by the
 * route's key: the matrix fails when a route of these groups has none, so a new route cannot be
 * added without appearing in it. The matrix fills `:id` (the tenant, or the subject's userId);
 * a fixture gives the other path parameters, the query and the body.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addMembership } from '../../../shared/db/memberships.ts';
import type { Identity, World } from './world.ts';

export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface CallContext {
  world: World;
  /** The tenant named by a tenant route (T, or a new one when `freshTenant`). */
  tenantId: string;
  /** The account a self route acts on (the caller's own, or another's in the `other` column). */
  subject: Identity;
}

export interface RouteFixture {
  /** The status of a successful call. */
  success: 200 | 201;
  /**
   * Self routes: who the callers are. `world`: the world's users (default); `fresh`: a new
   * signed-up user per call (the route deletes or would be refused for an owner); `unregistered`:
   * a new identity without a user record (the route creates it).
   */
  actors?: 'world' | 'fresh' | 'unregistered';
  /** Tenant routes: a new tenant like T for every call, because the route deletes it. */
  freshTenant?: boolean;
  request(ctx: CallContext): Promise<RequestParts> | RequestParts;
}

const PAGE = { pageIndex: 0, pageSize: 10 };

/** A new user with an active `member` membership of the tenant: the target of a member change. */
async function memberTarget({ world, tenantId }: CallContext): Promise<string> {
  const userId = await world.plainUser();
  await addMembership(tenantId, userId, 'member', 'active');
  return userId;
}

const tenantFixtures = (kind: 'organizations' | 'workspaces'): Record<string, RouteFixture> => ({
  [`GET /v1/${kind}`]: { success: 200, request: ({ subject }) => ({ query: { userId: subject.userId, ...PAGE } }) },
  [`GET /v1/${kind}/:id`]: { success: 200, request: () => ({}) },
  [`POST /v1/${kind}`]: { success: 201, request: ({ subject }) => ({ body: { userId: subject.userId, name: `Matrix ${kind}` } }) },
  [`PATCH /v1/${kind}/:id`]: { success: 200, request: () => ({ body: { name: 'Matrix renamed' } }) },
  [`DELETE /v1/${kind}/:id`]: { success: 200, freshTenant: true, request: () => ({}) },
  [`GET /v1/${kind}/:id/users`]: { success: 200, request: () => ({ query: PAGE }) },
  [`POST /v1/${kind}/:id/users`]: { success: 201, request: async ({ world }) => ({ body: { userId: await world.plainUser(), role: 'viewer' } }) },
  [`PATCH /v1/${kind}/:id/users/:userId`]: {
    success: 200,
    request: async (ctx) => ({ params: { userId: await memberTarget(ctx) }, body: { role: 'viewer' } }),
  },
  [`DELETE /v1/${kind}/:id/users/:userId`]: { success: 200, request: async (ctx) => ({ params: { userId: await memberTarget(ctx) } }) },
  [`POST /v1/${kind}/:id/invites`]: { success: 201, request: () => ({ body: { email: `invitee-${randomUUID()}@example.com`, role: 'viewer' } }) },
});

const invitationAnswer: RouteFixture = {
  success: 200,
  request: async ({ world, subject }) => ({
    params: { organizationId: await world.pendingInvitationFor(subject.userId) },
    body: { userId: subject.userId },
  }),
};

/** Requests deletion as the subject and returns the token it was emailed. */
async function deletionToken(world: World, subject: Identity): Promise<string> {
  const requested = await world.http('POST', `/v1/users/${subject.userId}/request-deletion`, { token: subject.token });
  expect(requested.status, JSON.stringify(requested.body)).toBe(200);
  const outbox = await world.http('GET', '/local/outbox');
  const email = outbox.body.items.find((e: { to: string; kind: string }) => e.to === subject.email && e.kind === 'deletion');
  expect(email, 'deletion email').toBeDefined();
  return email.data.token as string;
}

export const fixtures: Record<string, RouteFixture> = {
  ...tenantFixtures('workspaces'),
  ...tenantFixtures('organizations'),
  'POST /v1/organizations/complete-organic-signup': { success: 201, request: ({ subject }) => ({ body: { userId: subject.userId, name: 'Matrix organic' } }) },
  'POST /v1/organizations/invites/:organizationId/accept': invitationAnswer,
  'POST /v1/organizations/invites/:organizationId/decline': invitationAnswer,
  'POST /v1/organizations/invites/process-signup': { success: 200, request: ({ subject }) => ({ body: { userId: subject.userId } }) },

  'GET /v1/users': { success: 200, request: ({ tenantId }) => ({ query: { organizationId: tenantId, ...PAGE } }) },
  'POST /v1/users': { success: 201, actors: 'unregistered', request: ({ subject }) => ({ body: { userId: subject.userId, email: subject.email } }) },
  'GET /v1/users/:id': { success: 200, request: () => ({}) },
  'PATCH /v1/users/:id': { success: 200, request: () => ({ body: { jobRole: 'Matrix' } }) },
  'POST /v1/users/:id/avatar/upload-url': { success: 200, request: () => ({ body: { contentType: 'image/png', contentLength: 10 } }) },
  'POST /v1/users/:id/change-email': { success: 200, request: () => ({ body: { newEmail: `new-${randomUUID()}@example.com` } }) },
  'POST /v1/users/:id/request-deletion': { success: 200, actors: 'fresh', request: () => ({}) },
  // The subject's own valid token: in the `other` column, someone else presents it.
  'POST /v1/users/:id/confirm-deletion': { success: 200, actors: 'fresh', request: async ({ world, subject }) => ({ body: { token: await deletionToken(world, subject) } }) },
  'DELETE /v1/users/:id': { success: 200, actors: 'fresh', request: () => ({}) },
  'GET /v1/users/:id/settings': { success: 200, request: () => ({}) },
  'PATCH /v1/users/:id/settings': { success: 200, request: () => ({ body: { preferences: { matrix: true } } }) },
};
