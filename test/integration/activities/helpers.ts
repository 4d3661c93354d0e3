/** Shared setup of the Activities tests: an organization with its owner, creators, activities made through the API. */
import { expect } from 'vitest';
import { createCreator } from '../../../shared/db/catalogue/creators.ts';
import { call } from '../../support/call.ts';
import type { Org } from '../../support/organizations.ts';

/** A creator of the tenant (written directly: the Creators routes are another group's). */
export async function newCreator(org: Org, name = 'Ada'): Promise<string> {
  return (await createCreator(org.organizationId, { name })).id;
}

/** POST /v1/activities as the owner; returns the created record. */
export async function newActivity(org: Org, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await call('POST', '/v1/activities', {
    token: org.owner.token,
    body: {
      organizationId: org.organizationId,
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Launch video',
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export const paths = (res: { body: { errors?: { path: string }[] } }) => (res.body.errors ?? []).map((e) => e.path);
