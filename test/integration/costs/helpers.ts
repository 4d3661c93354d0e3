/** Setup shared by the cost and expense-category tests: an organization through the API, records through the repositories. */
import { expect } from 'vitest';
import { call } from '../../support/call.ts';
import type { TestUser } from '../../support/users.ts';

/** POST /v1/organizations as `owner`; returns its id. */
export async function newOrganization(owner: TestUser, body: Record<string, unknown> = {}): Promise<string> {
  const res = await call('POST', '/v1/organizations', {
    token: owner.token,
    body: { userId: owner.userId, name: 'Costs Org', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** POST /v1/expense-categories; returns the category record. */
export async function newCategory(user: TestUser, organizationId: string, name: string) {
  const res = await call('POST', '/v1/expense-categories', { token: user.token, body: { organizationId, name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; name: string };
}

/** POST /v1/activities/costs; returns the cost record. */
export async function newCost(user: TestUser, body: Record<string, unknown>) {
  const res = await call('POST', '/v1/activities/costs', {
    token: user.token,
    body: { type: 'creator_fee', currency: 'USD', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Record<string, any>;
}

export const activityInput = (name = 'Launch video') => ({ channel: 'youtube', activity: 'youtube_video', name });
