/** Helpers of the report links handler tests; the campaign they report on is test/support/report-campaign.ts. */
import { expect } from 'vitest';
import { dispatch } from '../../../infra/local/dispatch.ts';
import { call, gatewayRequest } from '../../support/call.ts';
import type { TestUser } from '../../support/users.ts';
export { HOSTILE, seedCampaign } from '../../support/report-campaign.ts';

/** POST /v1/report-links as `user`; expects 201. */
export async function newLink(user: TestUser, body: Record<string, unknown>) {
  const res = await call('POST', '/v1/report-links', { token: user.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    id: string;
    url: string;
    expiresAt: string;
    views: number;
    lastViewedAt: string | null;
    campaignId: string | null;
  };
}

/** The page at `url`'s path (no token), answered as sent: status, lower-case headers, body text. */
export async function openPage(url: string, query = '') {
  const path = new URL(url).pathname + query;
  const response = await dispatch(gatewayRequest('GET', path));
  const headers = Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
  );
  return { status: response.statusCode, headers, body: String(response.body ?? '') };
}
