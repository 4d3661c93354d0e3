/**
 * Connecting or changing a content link (and adding a social account) puts the item on the refresh queue at once (not only
 * in the due index for the next dispatch); in the cloud that is one SQS FIFO message grouped by
 * tenant and deduplicated by activity and due time.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRefreshQueue } from '../../../shared/integrations/refresh-queue/index.ts';
import { deduplicationId, type RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';
import { call } from '../../support/call.ts';
import { newActivity } from './helpers.ts';
import { newOrg } from '../../support/organizations.ts';
import { createCreator } from '../creators/helpers.ts';
import { dueItems } from '../../../shared/db/metrics/metric-due.ts';

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

describe('a content link change queues a reading at once', () => {
  it('connect sends the activity with the due time it shows; disconnect sends nothing', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const res = await call('POST', '/v1/activities/content-link/connect', { token: org.owner.token, body: { activityId: a.id, platform: 'youtube', contentUrl: YOUTUBE } });
    expect(res.status).toBe(200);
    expect(sent).toEqual([{ kind: 'content', tenantId: org.organizationId, activityId: a.id, dueAt: res.body.data.metricsFetchDueAt }]);
    await call('POST', '/v1/activities/content-link/disconnect', { token: org.owner.token, body: { activityId: a.id } });
    expect(sent).toHaveLength(1);
  });

  it('PATCH with a new content link sends it; a PATCH that leaves the link alone does not', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const changed = await call('PATCH', `/v1/activities/${a.id}`, { token: org.owner.token, body: { name: 'Renamed', contentHref: YOUTUBE } });
    expect(changed.status).toBe(200);
    expect(sent).toEqual([{ kind: 'content', tenantId: org.organizationId, activityId: a.id, dueAt: changed.body.data.metricsFetchDueAt }]);
    await call('PATCH', `/v1/activities/${a.id}`, { token: org.owner.token, body: { name: 'Renamed again' } });
    expect(sent).toHaveLength(1);
  });

  it('adding a social account queues its first follower count, under the due time it is stored with', async () => {
    const org = await newOrg();
    const creator = await createCreator(org.owner, org.organizationId);
    const res = await call('POST', '/v1/creators/social-accounts/connect', { token: org.owner.token, body: { creatorId: creator.id, platform: 'youtube', profileUrl: 'https://www.youtube.com/@ada' } });
    expect(res.status).toBe(201);
    const stored = (await dueItems(new Date())).filter((d) => d.tenantId === org.organizationId);
    expect(sent).toEqual([{ kind: 'followers', tenantId: org.organizationId, creatorId: creator.id, accountId: res.body.data.accountId, dueAt: stored[0]!.dueAt }]);
    expect(stored).toEqual([{ kind: 'followers', tenantId: org.organizationId, creatorId: creator.id, accountId: res.body.data.accountId, dueAt: res.body.data.createdAt }]);
  });

  it('in the cloud: one FIFO message, the tenant as group, deduplicated by activity and due time; a refused send does not fail the request', async () => {
    const sqs = mockClient(SQSClient);
    try {
      // The cloud: no queue plugged in, the configured SQS queue.
      useRefreshQueue(undefined);
      process.env.METRICS_QUEUE_URL = `https://sqs.us-east-1.amazonaws.com/123456789012/refresh-${Date.now()}.fifo`;
      sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
      const org = await newOrg();
      const a = await newActivity(org);
      const res = await call('POST', '/v1/activities/content-link/connect', { token: org.owner.token, body: { activityId: a.id, platform: 'youtube', contentUrl: YOUTUBE } });
      const message = { kind: 'content', tenantId: org.organizationId, activityId: a.id, dueAt: res.body.data.metricsFetchDueAt } as const;
      const input = sqs.commandCalls(SendMessageBatchCommand)[0]!.args[0].input;
      expect(input).toEqual({
        QueueUrl: process.env.METRICS_QUEUE_URL,
        Entries: [{ Id: '0', MessageBody: JSON.stringify(message), MessageGroupId: org.organizationId, MessageDeduplicationId: deduplicationId(message) }],
      });
      expect(sent).toEqual([]);
      sqs.on(SendMessageBatchCommand).rejects(new Error('AccessDenied'));
      const again = await call('POST', '/v1/activities/content-link/connect', { token: org.owner.token, body: { activityId: a.id, platform: 'youtube', contentUrl: YOUTUBE } });
      expect(again.status).toBe(200);
    } finally {
      sqs.restore();
    }
  });
});
