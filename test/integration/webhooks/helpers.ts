/** Webhook endpoint helpers for the handler tests: registration through the API. */
import { expect } from 'vitest';
import { call } from '../../support/call.ts';
import type { Org } from '../../support/organizations.ts';

/** A public address given literally: registration resolves nothing and no test connects to it. */
export const PUBLIC_URL = 'https://93.184.215.14/hooks';

/** POST /v1/webhooks/endpoints as the organization's owner; the 201's data (endpoint and secret). */
export async function newEndpoint(org: Org, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await call('POST', '/v1/webhooks/endpoints', {
    token: org.owner.token,
    body: { organizationId: org.organizationId, url: PUBLIC_URL, events: ['member.joined'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
