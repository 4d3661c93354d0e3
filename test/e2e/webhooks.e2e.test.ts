/**
 * Webhooks end to end over HTTP against the local service (the same server as `npm start`, reading
 * DynamoDB Local's stream and delivering in-process): an owner registers a receiver on 127.0.0.1,
 * adds a member, and the receiver gets `member.joined`, which `standardwebhooks`' `Webhook.verify`
 * accepts; a replay arrives with the same webhook-id; after a rotation a delivery carries two
 * signatures, each verifying with one of the secrets; a receiver failing twice gets the event on
 * the third attempt. Retry delays are the real schedule's, scaled down by LOCAL_WEBHOOK_RETRY_SCALE.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver, type Received } from '../support/webhook-receiver.ts';
import { startWorld, type World } from './support/world.ts';

let world: World;
let receiver: Receiver;

beforeAll(async () => {
  // 5 s becomes 10 ms, 5 min 600 ms: the schedule's shape, quickly.
  process.env.LOCAL_WEBHOOK_RETRY_SCALE = '0.002';
  receiver = await startReceiver();
  world = await startWorld();
});

afterAll(async () => {
  await world?.service.stop();
  await receiver?.stop();
  delete process.env.LOCAL_WEBHOOK_RETRY_SCALE;
});

/**
 * What the receiver got for one tenant's endpoint about one user, once there are `count` requests
 * (waiting up to 60 s). The tenant's own members' events may arrive too: the endpoint exists by the
 * time the stream's records of their memberships are fanned out.
 */
async function receivedFor(tenantId: string, userId: string, count: number): Promise<Received[]> {
  const mine = () => receiver.received.filter((r) => r.path.endsWith(`?tenant=${tenantId}`) && r.body.includes(userId));
  for (const deadline = Date.now() + 60_000; mine().length < count && Date.now() < deadline; )
    await new Promise((r) => setTimeout(r, 100));
  return mine();
}

async function setUp() {
  const token = world.users.owner.token;
  const tenantId = await world.tenantLikeT();
  const res = await world.http('POST', '/v1/webhooks/endpoints', {
    token,
    body: { organizationId: tenantId, url: `${receiver.url}?tenant=${tenantId}`, events: ['member.joined'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token, tenantId, endpoint: res.body.data as { id: string; secret: string } };
}

async function addMember(token: string, tenantId: string, userId: string): Promise<void> {
  const res = await world.http('POST', `/v1/organizations/${tenantId}/users`, {
    token,
    body: { userId, role: 'viewer' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const verify = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Record<string, any>;

describe('webhooks over HTTP', () => {
  it('delivers member.joined signed, replays it with the same webhook-id, and signs with both secrets after a rotation', async () => {
    const { token, tenantId, endpoint } = await setUp();
    const userId = await world.plainUser();
    await addMember(token, tenantId, userId);
    const [first] = await receivedFor(tenantId, userId, 1);
    expect(first, 'the receiver got the event').toBeDefined();
    expect(verify(endpoint.secret, first!)).toMatchObject({
      type: 'member.joined',
      data: { organizationId: tenantId, userId, role: 'viewer' },
    });

    const log = await world.http('GET', `/v1/webhooks/endpoints/${endpoint.id}/deliveries?pageIndex=0&pageSize=10`, {
      token,
    });
    const delivery = log.body.items.find((d: { eventId: string }) => d.eventId === first!.headers['webhook-id']);
    expect(delivery).toMatchObject({
      eventType: 'member.joined',
      eventId: first!.headers['webhook-id'],
      attempts: 1,
      lastResponseStatus: 200,
    });

    const replay = await world.http('POST', `/v1/webhooks/deliveries/${delivery.id}/replay`, { token });
    expect(replay.status).toBe(202);
    const [, again] = await receivedFor(tenantId, userId, 2);
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(verify(endpoint.secret, again!)).toEqual(verify(endpoint.secret, first!));

    const rotated = await world.http('POST', `/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token });
    expect(rotated.status).toBe(200);
    expect((await world.http('POST', `/v1/webhooks/deliveries/${delivery.id}/replay`, { token })).status).toBe(202);
    const [, , third] = await receivedFor(tenantId, userId, 3);
    expect(String(third!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.body.data.secret, third!)).toMatchObject({ type: 'member.joined' });
    expect(verify(endpoint.secret, third!)).toMatchObject({ type: 'member.joined' });
  });

  it('retries a receiver that fails twice and delivers on the third attempt', async () => {
    const { token, tenantId, endpoint } = await setUp();
    const userId = await world.plainUser();
    receiver.answerWhen(userId, 500, 502);
    await addMember(token, tenantId, userId);
    const requests = await receivedFor(tenantId, userId, 3);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const request of requests) expect(verify(endpoint.secret, request)).toMatchObject({ type: 'member.joined' });
    // The last attempt's answer is recorded once its request has been answered.
    let delivery: Record<string, unknown> | undefined;
    for (
      const deadline = Date.now() + 10_000;
      delivery?.status !== 'delivered' && Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 100))
    ) {
      const items = (
        await world.http('GET', `/v1/webhooks/endpoints/${endpoint.id}/deliveries?pageIndex=0&pageSize=10`, { token })
      ).body.items;
      delivery = items.find((d: { eventId: string }) => d.eventId === requests[0]!.headers['webhook-id']);
    }
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastResponseStatus: 200, lastError: null });
  });
});
