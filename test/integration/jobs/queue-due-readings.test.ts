/**
 * A reading a write makes due at once (a content link connected or changed, a social account added)
 * is queued by the table stream's consumer of tenant items (the webhook fan-out's Lambda handler, with
 * functions/jobs/metric-refresh/queue-due-readings.ts), not by the route: each change here is the
 * real one a request makes (its item before and after, as the stream gives them), handed to the
 * handler as Lambda would. In the cloud that is one SQS FIFO message grouped by
 * tenant and deduplicated by item and due time. The worker's own moves of a due time, a disconnect
 * and other changes queue nothing.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/jobs/fan-out-webhook-events.ts';
import { dueItems, moveAccountDue, moveDue } from '../../../shared/db/metrics/metric-due.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import type { Key } from '../../../shared/db/table/keys.ts';
import { useRefreshQueue } from '../../../shared/integrations/refresh-queue/index.ts';
import { deduplicationId, type RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';
import { call } from '../../support/call.ts';
import { streamRecordOf } from '../../support/stream-record.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { newActivity } from '../activities/helpers.ts';
import { createCreator } from '../creators/helpers.ts';
import { changeBy, changeOf, itemAt } from '../webhooks/helpers.ts';

let sent: RefreshMessage[] = [];
beforeEach(() => {
  sent = [];
  useRefreshQueue({ send: async (messages) => void sent.push(...messages) });
});
afterEach(() => {
  useRefreshQueue(undefined);
  delete process.env.METRICS_QUEUE_URL;
});

const YOUTUBE = 'https://youtu.be/dQw4w9WgXcQ';
const OTHER_VIDEO = 'https://youtu.be/9bZkp7q19f0';

/** What the stream consumer queues for the change one write makes to the item at `key`. */
async function queuedBy(key: Key, write: () => Promise<unknown>): Promise<RefreshMessage[]> {
  sent = [];
  const change = await changeBy(key, write);
  await handler({ Records: [streamRecordOf(change)] });
  return sent;
}

const activityKey = (org: Org, id: string) => keys.activity(org.organizationId, id);

describe('a content link connected or changed is queued at once, from the stream', () => {
  it('connect queues the activity with the due time it shows (the route itself sends nothing); reconnecting queues it again; disconnect queues nothing', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const connect = async () => {
      res = await call('POST', '/v1/activities/content-link/connect', {
        token: org.owner.token,
        body: { activityId: a.id, platform: 'youtube', contentUrl: YOUTUBE },
      });
      expect(res.status).toBe(200);
      expect(sent).toEqual([]);
    };
    expect(await queuedBy(activityKey(org, a.id), connect)).toEqual([
      { kind: 'content', tenantId: org.organizationId, activityId: a.id, dueAt: res!.body.data.metricsFetchDueAt },
    ]);
    const first = res!.body.data.metricsFetchDueAt;
    await new Promise((resolve) => setTimeout(resolve, 2)); // a later due time, as a second click has
    expect(await queuedBy(activityKey(org, a.id), connect)).toEqual([
      { kind: 'content', tenantId: org.organizationId, activityId: a.id, dueAt: res!.body.data.metricsFetchDueAt },
    ]);
    expect(res!.body.data.metricsFetchDueAt).not.toBe(first);
    const disconnect = () =>
      call('POST', '/v1/activities/content-link/disconnect', { token: org.owner.token, body: { activityId: a.id } });
    expect(await queuedBy(activityKey(org, a.id), disconnect)).toEqual([]);
  });

  it('PATCH with a new content link queues it; a PATCH that leaves the link alone, or sets the same one, queues nothing', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const patch = (body: Record<string, unknown>) => async () => {
      const res = await call('PATCH', `/v1/activities/${a.id}`, {
        token: org.owner.token,
        body: { name: 'Renamed', ...body },
      });
      expect(res.status).toBe(200);
      return res;
    };
    const [queued] = await queuedBy(activityKey(org, a.id), patch({ contentHref: YOUTUBE }));
    const stored = (await dueItems(new Date())).filter((d) => d.tenantId === org.organizationId);
    expect([queued]).toEqual(stored);
    expect(await queuedBy(activityKey(org, a.id), patch({ name: 'Renamed again' }))).toEqual([]);
    expect(await queuedBy(activityKey(org, a.id), patch({ contentHref: YOUTUBE }))).toEqual([]);
    expect(await queuedBy(activityKey(org, a.id), patch({ contentHref: OTHER_VIDEO }))).toMatchObject([
      { kind: 'content', activityId: a.id },
    ]);
  });

  it('the worker moving the due time after a reading queues nothing (the dispatcher finds it when due)', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const res = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activityId: a.id, platform: 'youtube', contentUrl: YOUTUBE },
    });
    const next = new Date(Date.now() + 2 * 3600_000).toISOString();
    expect(
      await queuedBy(activityKey(org, a.id), async () =>
        expect(await moveDue(org.organizationId, a.id, res.body.data.metricsFetchDueAt, next)).toBe(true),
      ),
    ).toEqual([]);
  });
});

describe('a social account added is queued for its first follower count', () => {
  it('under the due time it is stored with; its next count, planned by the worker, is not', async () => {
    const org = await newOrg();
    const creator = await createCreator(org.owner, org.organizationId);
    const res = await call('POST', '/v1/creators/social-accounts/connect', {
      token: org.owner.token,
      body: { creatorId: creator.id, platform: 'youtube', profileUrl: 'https://www.youtube.com/@ada' },
    });
    expect(res.status).toBe(201);
    expect(sent).toEqual([]);
    const account = {
      tenantId: org.organizationId,
      creatorId: creator.id,
      accountId: res.body.data.accountId as string,
    };
    const key = keys.socialAccount(account.tenantId, account.creatorId, account.accountId);
    // The account's key is known from the answer only: its insert as the stream gives it, no old image.
    expect(await handler({ Records: [streamRecordOf(changeOf(undefined, await itemAt(key)))] })).toEqual({
      batchItemFailures: [],
    });
    expect(sent).toEqual([{ kind: 'followers', ...account, dueAt: res.body.data.createdAt }]);
    expect(sent).toEqual((await dueItems(new Date())).filter((d) => d.tenantId === org.organizationId));
    const next = new Date(Date.now() + 24 * 3600_000).toISOString();
    expect(
      await queuedBy(key, async () =>
        expect(await moveAccountDue({ ...account, dueAt: res.body.data.createdAt }, next)).toBe(true),
      ),
    ).toEqual([]);
  });
});

describe('in the cloud', () => {
  it('sends one FIFO message, the tenant as group, deduplicated by item and due time; a refused send is logged and the batch is not failed', async () => {
    const sqs = mockClient(SQSClient);
    try {
      // No queue plugged in: the configured SQS queue.
      useRefreshQueue(undefined);
      process.env.METRICS_QUEUE_URL = `https://sqs.us-east-1.amazonaws.com/123456789012/refresh-${Date.now()}.fifo`;
      sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
      const org = await newOrg();
      const a = await newActivity(org);
      let dueAt = '';
      const change = await changeBy(activityKey(org, a.id), async () => {
        dueAt = (
          await call('POST', '/v1/activities/content-link/connect', {
            token: org.owner.token,
            body: { activityId: a.id, platform: 'youtube', contentUrl: YOUTUBE },
          })
        ).body.data.metricsFetchDueAt;
      });
      // The route made no SQS call; the stream's consumer makes one.
      expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
      expect(await handler({ Records: [streamRecordOf(change)] })).toEqual({ batchItemFailures: [] });
      const message = { kind: 'content', tenantId: org.organizationId, activityId: a.id, dueAt } as const;
      expect(sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input)).toEqual([
        {
          QueueUrl: process.env.METRICS_QUEUE_URL,
          Entries: [
            {
              Id: '0',
              MessageBody: JSON.stringify(message),
              MessageGroupId: org.organizationId,
              MessageDeduplicationId: deduplicationId(message),
            },
          ],
        },
      ]);
      sqs.on(SendMessageBatchCommand).rejects(new Error('AccessDenied'));
      await expect(handler({ Records: [streamRecordOf(change)] })).resolves.toEqual({ batchItemFailures: [] });
    } finally {
      sqs.restore();
    }
  });
});
