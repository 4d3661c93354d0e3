/**
 * Webhook fan-out and delivery against DynamoDB Local and a receiver on 127.0.0.1: a membership
 * turning active fans out to the subscribed, enabled endpoints once (a repeated stream record adds
 * nothing); the worker signs so that `standardwebhooks` verifies, retries on the schedule, records
 * each attempt (never the response body), signs with both secrets after a rotation, refuses a
 * destination that now resolves to a private address before connecting, and disables an endpoint
 * failing for 3 days, emailing its owners. The SQS handler keeps a retried message (visibility set
 * to the delay) and deletes the rest.
 */
import { randomUUID } from 'node:crypto';
import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import type { SQSEvent } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as deliverWebhooks } from '../../../functions/jobs/deliver-webhooks.ts';
import { attemptDelivery } from '../../../functions/jobs/webhooks/deliver.ts';
import { endpointsOnce, fanOut } from '../../../functions/jobs/webhooks/fan-out.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { updateRecord } from '../../../shared/db/table/entity.ts';
import {
  createEndpoint,
  Endpoints,
  getStoredDelivery,
  getStoredEndpoint,
  storedEndpointsOf,
} from '../../../shared/db/webhooks/index.ts';
import { useWebhookQueue, type DeliveryMessage } from '../../../shared/integrations/webhook-queue/index.ts';
import type { StreamChange } from '../../../shared/domain/webhook-events.ts';
import type { RequestFunction } from '../../../shared/webhooks/send.ts';
import { sealSecret } from '../../../shared/webhooks/secrets.ts';
import { call } from '../../support/call.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { signUp } from '../../support/users.ts';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.ts';

let receiver: Receiver;
const queued: DeliveryMessage[] = [];

beforeAll(async () => {
  process.env.WEBHOOK_LOCAL_DELIVERY = '127.0.0.1';
  receiver = await startReceiver();
  useWebhookQueue({ send: async (messages) => void queued.push(...messages) });
});
afterAll(async () => {
  delete process.env.WEBHOOK_LOCAL_DELIVERY;
  useWebhookQueue(undefined);
  await receiver.stop();
});
beforeEach(() => {
  queued.length = 0;
  receiver.received.length = 0;
  receiver.answer();
});

/** A membership of `org` turning active for a new user, as the stream carries it (pending -> active); the event shows the user's record, so it is real. */
async function memberJoins(org: Org): Promise<StreamChange> {
  const { userId } = await signUp('Joining Member');
  const base = {
    pk: `TENANT#${org.organizationId}`,
    sk: `MEMBER#${userId}`,
    id: randomUUID(),
    tenantId: org.organizationId,
    userId,
    role: 'member',
    createdAt: '2026-11-26T10:00:00.000Z',
  };
  return {
    eventId: randomUUID().replaceAll('-', ''),
    eventName: 'MODIFY',
    createdAt: new Date().toISOString(),
    oldImage: { ...base, status: 'pending', updatedAt: base.createdAt },
    newImage: {
      ...base,
      status: 'active',
      updatedAt: '2026-11-26T11:00:00.000Z',
      acceptedAt: '2026-11-26T11:00:00.000Z',
    },
  };
}

async function register(org: Org, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/v1/webhooks/endpoints', {
    token: org.owner.token,
    body: { organizationId: org.organizationId, url: receiver.url, events: ['member.joined'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; secret: string };
}

async function deliveriesOf(org: Org, endpointId: string) {
  const res = await call('GET', `/v1/webhooks/endpoints/${endpointId}/deliveries?pageIndex=0&pageSize=50`, {
    token: org.owner.token,
  });
  expect(res.status).toBe(200);
  return res.body as { items: Record<string, any>[]; totalCount: number };
}

describe('fan-out', () => {
  it('puts one delivery per subscribed, enabled endpoint; a repeated record adds none, and queues it again only until its first attempt', async () => {
    const org = await newOrg('Fay Fanout');
    const subscribed = await register(org);
    const other = await register(org, { events: ['billing.status_changed'] });
    const disabled = await register(org, { enabled: false });
    const change = await memberJoins(org);
    expect(await fanOut(change)).toBe(1);
    // The repeat of a fan-out that may have stopped before its send: the same delivery, queued again.
    expect(await fanOut(change)).toBe(1);
    expect(queued).toHaveLength(2);
    expect(queued[1]).toEqual(queued[0]);
    expect(queued[0]!.tenantId).toBe(org.organizationId);
    const log = await deliveriesOf(org, subscribed.id);
    expect(log.totalCount).toBe(1);
    expect(log.items[0]).toMatchObject({
      id: queued[0]!.deliveryId,
      eventType: 'member.joined',
      status: 'pending',
      attempts: 0,
    });
    expect((await deliveriesOf(org, other.id)).totalCount).toBe(0);
    expect((await deliveriesOf(org, disabled.id)).totalCount).toBe(0);
    await attemptDelivery(queued[0]!);
    expect(await fanOut(change)).toBe(0);
  });

  it("reads an organization's endpoints once for a batch of changes, however many events it has", async () => {
    const [fay, gus] = [await newOrg('Fay Batch'), await newOrg('Gus Batch')];
    await register(fay);
    await register(gus);
    const reads: string[] = [];
    const endpointsOf = endpointsOnce((tenantId) => {
      reads.push(tenantId);
      return storedEndpointsOf(tenantId);
    });
    const changes = [await memberJoins(fay), await memberJoins(fay), await memberJoins(gus), await memberJoins(fay)];
    let total = 0;
    for (const change of changes) total += await fanOut(change, endpointsOf);
    expect(total).toBe(4);
    expect(reads).toEqual([fay.organizationId, gus.organizationId]);
  });

  it('gives no event for a role change of an active member', async () => {
    const org = await newOrg('Rol Change');
    await register(org);
    const change = await memberJoins(org);
    expect(await fanOut({ ...change, oldImage: { ...change.newImage!, role: 'viewer' } })).toBe(0);
  });
});

describe('delivery', () => {
  it('signs so that standardwebhooks verifies it, and logs the delivery delivered', async () => {
    const org = await newOrg('Vera Verify');
    const endpoint = await register(org);
    await fanOut(await memberJoins(org));
    expect(await attemptDelivery(queued[0]!)).toEqual({ kind: 'done' });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const verified = new Webhook(endpoint.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    ) as Record<string, any>;
    expect(verified).toMatchObject({
      type: 'member.joined',
      data: { organizationId: org.organizationId, role: 'member', previousMembershipStatus: 'pending' },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();
    const [logged] = (await deliveriesOf(org, endpoint.id)).items;
    expect(logged).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastResponseStatus: 200,
      lastError: null,
      eventId: request!.headers['webhook-id'],
    });
    expect(JSON.stringify(await getStoredDelivery(logged!.id))).not.toContain('must not store');
    // A duplicate message of a delivered delivery sends nothing.
    expect(await attemptDelivery(queued[0]!)).toEqual({ kind: 'done' });
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a failing receiver on the schedule (5 s, then 5 min) and delivers on the third attempt, same webhook-id', async () => {
    const org = await newOrg('Rita Retry');
    const endpoint = await register(org);
    await fanOut(await memberJoins(org));
    receiver.answer(500, 503);
    expect(await attemptDelivery(queued[0]!)).toEqual({ kind: 'retry', delaySeconds: 5 });
    expect((await deliveriesOf(org, endpoint.id)).items[0]).toMatchObject({
      status: 'retrying',
      attempts: 1,
      lastResponseStatus: 500,
      lastError: 'http_status',
    });
    expect((await getStoredEndpoint(org.organizationId, endpoint.id))!.failingSince).not.toBeNull();
    expect(await attemptDelivery(queued[0]!)).toEqual({ kind: 'retry', delaySeconds: 300 });
    expect(await attemptDelivery(queued[0]!)).toEqual({ kind: 'done' });
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(receiver.received).toHaveLength(3);
    expect((await deliveriesOf(org, endpoint.id)).items[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      lastResponseStatus: 200,
    });
    expect((await getStoredEndpoint(org.organizationId, endpoint.id))!.failingSince).toBeNull();
  });

  it('replays a delivery with the same webhook-id, signed with both secrets after a rotation', async () => {
    const org = await newOrg('Rhea Replay');
    const endpoint = await register(org);
    await fanOut(await memberJoins(org));
    await attemptDelivery(queued[0]!);
    const rotated = await call('POST', `/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`, {
      token: org.owner.token,
    });
    const replay = await call('POST', `/v1/webhooks/deliveries/${queued[0]!.deliveryId}/replay`, {
      token: org.owner.token,
    });
    expect(replay.status).toBe(202);
    expect(replay.body.data).toMatchObject({ id: queued[0]!.deliveryId, status: 'pending' });
    expect(queued).toHaveLength(2);
    expect(await attemptDelivery(queued[1]!)).toEqual({ kind: 'done' });
    const [first, again] = receiver.received;
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(again!.body).toBe(first!.body);
    expect(String(again!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.body.data.secret])
      expect(() => new Webhook(secret).verify(again!.body, again!.headers as Record<string, string>)).not.toThrow();
    // A stranger cannot replay it.
    const stranger = await newOrg('Sid Stranger');
    expect(
      (await call('POST', `/v1/webhooks/deliveries/${queued[0]!.deliveryId}/replay`, { token: stranger.owner.token }))
        .status,
    ).toBe(404);
  });

  it('refuses a destination that now resolves to a private address, before any connection', async () => {
    delete process.env.WEBHOOK_LOCAL_DELIVERY;
    try {
      const org = await newOrg('Reb Rebind');
      const sealed = await sealSecret(org.organizationId, `whsec_${Buffer.alloc(24, 7).toString('base64')}`);
      const endpoint = await createEndpoint(
        org.organizationId,
        { url: 'https://hooks.rebind.example/in', events: ['member.joined'], enabled: true, description: null },
        sealed,
      );
      await fanOut(await memberJoins(org));
      const request = vi.fn<RequestFunction>();
      const result = await attemptDelivery(queued[0]!, {
        resolve: async () => [{ address: '10.0.0.5', family: 4 }],
        request,
      });
      expect(result).toEqual({ kind: 'retry', delaySeconds: 5 });
      expect(request).not.toHaveBeenCalled();
      expect((await deliveriesOf(org, endpoint.id)).items[0]).toMatchObject({
        status: 'retrying',
        lastError: 'destination_refused',
        lastResponseStatus: null,
      });
    } finally {
      process.env.WEBHOOK_LOCAL_DELIVERY = '127.0.0.1';
    }
  });

  it('disables an endpoint failing for more than 3 days and emails its owners; later deliveries are not attempted', async () => {
    const org = await newOrg('Dora Disabled');
    const endpoint = await register(org);
    await updateRecord(Endpoints, Endpoints.key(org.organizationId, endpoint.id), {
      set: { failingSince: new Date(Date.now() - 4 * 86_400_000).toISOString() },
    });
    await fanOut(await memberJoins(org));
    receiver.answer(500);
    expect(await attemptDelivery(queued[0]!)).toEqual({ kind: 'done' });
    expect(await getStoredEndpoint(org.organizationId, endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
    });
    const emails = (await listOutbox()).filter(
      (e) => e.kind === 'webhook_disabled' && e.data.endpointId === endpoint.id,
    );
    expect(emails.map((e) => e.to)).toEqual([org.owner.email]);
    expect(emails[0]!.text).toContain(receiver.url);
    // Disabled, it gets no more deliveries.
    expect(await fanOut(await memberJoins(org))).toBe(0);
    // Re-enabled, it starts over: no failures recorded.
    const enabled = await call('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, {
      token: org.owner.token,
      body: { enabled: true },
    });
    expect(enabled.body.data).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
  });
});

describe('the SQS handler', () => {
  const sqs = mockClient(SQSClient);
  afterAll(() => sqs.restore());

  it('attempts a batch in parallel: a retried message keeps its place with the delay as visibility, the others are deleted', async () => {
    sqs.reset();
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    const org = await newOrg('Bea Batch');
    await register(org);
    await fanOut(await memberJoins(org));
    await fanOut(await memberJoins(org));
    receiver.answer(500);
    const record = (id: string, body: string) =>
      ({
        messageId: id,
        receiptHandle: `rh-${id}`,
        body,
        eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:webhooks',
      }) as SQSEvent['Records'][number];
    const out = await deliverWebhooks({
      Records: [
        record('a', JSON.stringify(queued[0])),
        record('b', JSON.stringify(queued[1])),
        record('c', 'not json'),
      ],
    });
    const failed = out.batchItemFailures.map((f) => f.itemIdentifier).sort();
    expect(failed).toHaveLength(2);
    expect(failed).toContain('c');
    const retried = failed.find((id) => id !== 'c')!;
    const calls = sqs.commandCalls(ChangeMessageVisibilityCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      QueueUrl: 'https://sqs.us-east-1.amazonaws.com/123456789012/webhooks',
      ReceiptHandle: `rh-${retried}`,
      VisibilityTimeout: 5,
    });
  });
});
