/**
 * Replays are POSTs to a URL the owner chose, made on demand: at most 10 per endpoint per minute
 * (docs/webhooks.md). Past that 429 `rate_limited` with Retry-After (the seconds until the minute
 * ends), the delivery unchanged and nothing queued; concurrent replays are counted atomically;
 * another endpoint has its own 10, and the next minute starts again. The clock is frozen 20 s
 * before a minute ends, so Retry-After is exact and no window ends mid-test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDelivery, createEndpoint, getStoredDelivery } from '../../../shared/db/webhooks/index.ts';
import { useWebhookQueue, type DeliveryMessage } from '../../../shared/integrations/webhook-queue/index.ts';
import { sealSecret } from '../../../shared/webhooks/secrets.ts';
import { call } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { PUBLIC_URL } from './helpers.ts';

const MINUTE = 60_000;
/** The start of the current minute: the instants below are just before it or after, never in the future. */
const minuteStart = () => Math.floor(Date.now() / MINUTE) * MINUTE;

const queued: DeliveryMessage[] = [];
beforeAll(() => useWebhookQueue({ send: async (messages) => void queued.push(...messages) }));
afterAll(() => useWebhookQueue(undefined));
beforeEach(() => {
  queued.length = 0;
});

async function endpointOf(org: Org): Promise<string> {
  const sealed = await sealSecret(org.organizationId, `whsec_${Buffer.alloc(24, 7).toString('base64')}`);
  return (
    await createEndpoint(
      org.organizationId,
      { url: PUBLIC_URL, events: ['member.joined'], enabled: true, description: null },
      sealed,
    )
  ).id;
}

async function deliveryAt(org: Org, endpointId: string): Promise<string> {
  const event = {
    id: `evt_${randomUUID()}`,
    type: 'member.joined' as const,
    tenantId: org.organizationId,
    timestamp: new Date().toISOString(),
    data: {},
  };
  return (await createDelivery(event, endpointId)).delivery.id;
}

const replay = (org: Org, deliveryId: string) =>
  call('POST', `/v1/webhooks/deliveries/${deliveryId}/replay`, { token: org.owner.token });

describe('POST /v1/webhooks/deliveries/:id/replay limits', () => {
  it('lets 10 replays to one endpoint through in a minute, across its deliveries; the 11th is 429 until the minute ends and changes and queues nothing', async () => {
    const org = await newOrg();
    const endpointId = await endpointOf(org);
    const [first, second] = [await deliveryAt(org, endpointId), await deliveryAt(org, endpointId)];
    const end = minuteStart();
    await atInstant(end - 20_000, async () => {
      for (let i = 0; i < 10; i++) expect((await replay(org, i % 2 ? second : first)).status).toBe(202);
      const before = await getStoredDelivery(first);
      queued.length = 0;
      const refused = await replay(org, first);
      expectProblem(refused, 429, 'rate_limited');
      expect(refused.headers['retry-after']).toBe('20');
      expect(refused.body.detail).toMatch(/at most 10 replays per minute/);
      expect(await getStoredDelivery(first)).toEqual(before);
      expect(queued).toEqual([]);

      // Another endpoint of the same organization has its own 10.
      const other = await deliveryAt(org, await endpointOf(org));
      expect((await replay(org, other)).status).toBe(202);
    });
    // The next minute is a new window.
    await atInstant(end + 1000, async () => {
      expect((await replay(org, first)).status).toBe(202);
    });
  });

  it('counts concurrent replays atomically: of 15 at once, 10 are accepted and 5 refused', async () => {
    const org = await newOrg();
    const endpointId = await endpointOf(org);
    const deliveryId = await deliveryAt(org, endpointId);
    await atInstant(minuteStart() - 20_000, async () => {
      const answers = await Promise.all(Array.from({ length: 15 }, () => replay(org, deliveryId)));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(202), ...Array(5).fill(429)]);
      expect(queued).toHaveLength(10);
    });
  });
});
