/** Test helpers: an organization and its owner, made through the API (POST /v1/users, POST /v1/organizations). */
import { expect } from 'vitest';
import { createActivity } from '../../shared/db/catalogue/activities.ts';
import { createCreator } from '../../shared/db/catalogue/creators.ts';
import { call } from './call.ts';
import { signUp, type TestUser } from './users.ts';

export interface Org {
  owner: TestUser;
  organizationId: string;
}

/** An organization with one activity and one creator of its own. */
export interface OrgWithRecords extends Org {
  activityId: string;
  creatorId: string;
}

/** POST /v1/organizations as `owner`; returns the new organization's id. */
export async function newOrganization(owner: TestUser, name = 'Acme'): Promise<string> {
  const res = await call('POST', '/v1/organizations', { token: owner.token, body: { userId: owner.userId, name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** A user signed up as `ownerName` and the organization they create. */
export async function newOrg(ownerName = 'Owner', name = 'Acme'): Promise<Org> {
  const owner = await signUp(ownerName);
  return { owner, organizationId: await newOrganization(owner, name) };
}

/** newOrg with one activity and one creator (written directly: other groups' routes than the one under test). */
export async function newOrgWithRecords(ownerName?: string, name?: string): Promise<OrgWithRecords> {
  const org = await newOrg(ownerName, name);
  const activity = await createActivity(org.organizationId, {
    channel: 'youtube',
    activity: 'youtube_video',
    name: 'Launch video',
  });
  const creator = await createCreator(org.organizationId, { name: 'Ada' });
  return { ...org, activityId: activity.id, creatorId: creator.id };
}
