/** Shared setup of the Notes tests: an organization with an activity and a creator, notes made through the API. */
import { expect } from 'vitest';
import { call } from '../../support/call.ts';
import type { TestUser } from '../../support/users.ts';
import type { OrgWithRecords } from '../../support/organizations.ts';

type Org = OrgWithRecords;

/** POST /v1/notes as `user` (the owner by default); returns the created note. */
export async function newNote(
  org: Org,
  body: Record<string, unknown> = {},
  user: TestUser = org.owner,
): Promise<Record<string, any>> {
  const res = await postNote(org, body, user);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export const postNote = (org: Org, body: Record<string, unknown> = {}, user: TestUser = org.owner) =>
  call('POST', '/v1/notes', {
    token: user.token,
    body: {
      organizationId: org.organizationId,
      entityType: 'activity',
      entityId: org.activityId,
      content: 'A note',
      ...body,
    },
  });

export const listNotes = (org: Org, query: string, user: TestUser = org.owner) =>
  call('GET', `/v1/notes?organizationId=${org.organizationId}&${query}`, { token: user.token });
