/**
 * In-process latency of GET /v1/users/:id against DynamoDB Local, next to a bare handler making the
 * same DynamoDB call without middleware; and DynamoDB round trips per request for a few routes
 * (users, and the campaign reads and links).
 * Calls alternate between the two, one by one, so machine noise hits both alike.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dispatch } from '../../infra/local/dispatch.ts';
import { gatewayEvent, lambdaContext, matchRoute } from '../../infra/local/gateway.ts';
import type { LocalIssuer } from '../../infra/local/issuer.ts';
import { documentClient, tableName } from '../../shared/db/table/client.ts';
import type { ApiEvent } from '../../shared/http/context.ts';
import * as keys from '../../shared/db/table/item-keys.ts';
import { createActivity } from '../../shared/db/catalogue/activities.ts';
import { createTenant } from '../../shared/db/tenancy/tenants.ts';
import { countDynamoCalls } from '../support/dynamodb-calls.ts';
import { summarize } from './stats.ts';

const CALLS = 1000;
const WARMUP = 100;

/** What the route does with DynamoDB, with nothing around it: the floor for the same work. */
async function bareGetUser(userId: string) {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
  return { statusCode: out.Item ? 200 : 404, body: JSON.stringify({ data: out.Item }) };
}

export async function measureLatency(issuer: LocalIssuer) {
  const userId = randomUUID();
  const token = issuer.mint({ userId, email: `${userId}@bench.example` });
  const headers = { authorization: `Bearer ${token}` };
  const created = await dispatch({
    method: 'POST',
    url: '/v1/users',
    headers: { ...headers, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ userId, email: `${userId}@bench.example`, name: 'Bench' })),
  });
  if (created.statusCode !== 201) throw new Error(`setup failed: ${created.body}`);

  // The handler module Lambda would run, called with a ready event: what is timed is the handler
  // (middleware + the DynamoDB call), not the local gateway's routing and event building.
  const { handler } = await import('../../functions/users/get.ts');
  const url = `/v1/users/${userId}`;
  const match = matchRoute('GET', url);
  const context = lambdaContext('bench');
  const viaService = (event: ApiEvent) => handler(event, context as never);
  const bare = () => bareGetUser(userId);
  const nextEvent = () => gatewayEvent({ method: 'GET', url, headers }, match);

  for (let i = 0; i < WARMUP; i++) {
    await viaService(nextEvent());
    await bare();
  }
  const service: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const event = nextEvent();
    let t = performance.now();
    const response = await viaService(event);
    service.push(performance.now() - t);
    t = performance.now();
    const floorResponse = await bare();
    floor.push(performance.now() - t);
    if (response.statusCode !== 200 || floorResponse.statusCode !== 200) throw new Error('unexpected status');
  }
  const withMiddleware = summarize(service);
  const bareHandler = summarize(floor);
  return {
    route: 'GET /v1/users/:id',
    unit: 'ms',
    withMiddleware,
    bareHandler,
    overhead: {
      median: Math.round((withMiddleware.median - bareHandler.median) * 1000) / 1000,
      p99: Math.round((withMiddleware.p99 - bareHandler.p99) * 1000) / 1000,
    },
  };
}

/** DynamoDB round trips per request (a batch counts as one). */
/**
 * Why a link or move of an activity (without costs) makes the round trips it does, printed beside
 * its count: each is a read the next step needs or a write that cannot join the transaction.
 */
const LINK_CALLS =
  '7 = campaign pointer, campaign + membership (BatchGet), activity as the transaction conditions on it, the transaction, ' +
  "the activity's spend placement inputs (a Query of its costs too only when it counts some), its campaign and creator links (one Query), its metric days (a Query)";
export const CALLS_EXPLAINED: Record<string, string> = {
  'POST /v1/campaigns/:id/activities (link)': LINK_CALLS,
  'POST /v1/campaigns/:id/activities (move)': `${LINK_CALLS}; the move takes the old campaign's link out in the same transaction`,
};

export async function measureCallsPerRequest(issuer: LocalIssuer) {
  const counter = countDynamoCalls();
  const userId = randomUUID();
  const auth = { authorization: `Bearer ${issuer.mint({ userId, email: `${userId}@bench.example` })}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const send = async (label: string, method: string, url: string, body?: unknown) => {
    const response = await dispatch({
      method,
      url,
      headers: body ? json : auth,
      ...(body ? { body: Buffer.from(JSON.stringify(body)) } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
    return JSON.parse(response.body ?? '{}') as { data: { id: string } };
  };
  await send('sign-up', 'POST', '/v1/users', { userId, email: `${userId}@bench.example` });
  const { id: orgId } = await createTenant({ name: 'Bench', ownerUserId: userId });
  const activity = await createActivity(orgId, { channel: 'youtube', activity: 'youtube_video', name: 'Bench video' });
  const campaignId = (
    await send('campaign', 'POST', '/v1/campaigns', { organizationId: orgId, name: 'Bench campaign' })
  ).data.id;
  const other = (await send('campaign', 'POST', '/v1/campaigns', { organizationId: orgId, name: 'Bench other' })).data
    .id;

  const requests: { label: string; method: string; url: string; body?: unknown }[] = [
    { label: 'GET /v1/users/:id (read one record)', method: 'GET', url: `/v1/users/${userId}` },
    { label: 'GET /v1/users/:id/settings', method: 'GET', url: `/v1/users/${userId}/settings` },
    {
      label: 'GET /v1/users (members list)',
      method: 'GET',
      url: `/v1/users?organizationId=${orgId}&pageIndex=0&pageSize=20`,
    },
    { label: 'PATCH /v1/users/:id (name)', method: 'PATCH', url: `/v1/users/${userId}`, body: { name: 'Bench' } },
    {
      label: 'PATCH /v1/users/:id/settings',
      method: 'PATCH',
      url: `/v1/users/${userId}/settings`,
      body: { preferences: { a: 1 } },
    },
    {
      label: 'POST /v1/campaigns',
      method: 'POST',
      url: '/v1/campaigns',
      body: { organizationId: orgId, name: 'Counted' },
    },
    { label: 'GET /v1/campaigns/:id', method: 'GET', url: `/v1/campaigns/${campaignId}` },
    {
      label: 'GET /v1/campaigns (list)',
      method: 'GET',
      url: `/v1/campaigns?organizationId=${orgId}&pageIndex=0&pageSize=20`,
    },
    {
      label: 'POST /v1/campaigns/:id/activities (link)',
      method: 'POST',
      url: `/v1/campaigns/${campaignId}/activities`,
      body: { activityId: activity.id },
    },
    {
      label: 'POST /v1/campaigns/:id/activities (move)',
      method: 'POST',
      url: `/v1/campaigns/${other}/activities`,
      body: { activityId: activity.id },
    },
  ];
  const out: Record<string, number> = {};
  for (const r of requests) {
    const before = counter.read();
    await send(r.label, r.method, r.url, r.body);
    out[r.label] = counter.read() - before;
  }
  return out;
}
