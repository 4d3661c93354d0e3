/**
 * `npm start`'s reader of the table's stream (infra/local/table-stream.ts) against DynamoDB Local's
 * real stream: a connected content link reaches the refresh queue through the consumer of tenant
 * items (the webhook fan-out's handler), as it does in the cloud; a batch the consumer reports
 * failed is read again.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import { ensureTable } from '../../../infra/local/dynamodb.ts';
import { fanOutWebhookEvents } from '../../../infra/local/webhooks.ts';
import { startTableStream, type TableStream } from '../../../infra/local/table-stream.ts';
import { tableName } from '../../../shared/db/table/client.ts';
import { config } from '../../../shared/config.ts';
import { useRefreshQueue } from '../../../shared/integrations/refresh-queue/index.ts';
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';
import { call } from '../../support/call.ts';
import { newOrg } from '../../support/organizations.ts';
import { until } from '../../support/processes.ts';
import { newActivity } from '../activities/helpers.ts';

const endpoint = () => config.dynamoEndpoint()!;
let sent: RefreshMessage[];
// This file's table, with the stream the deployed table and `npm start`'s have.
beforeAll(() => ensureTable(endpoint(), tableName(), { stream: true }));
let stream: TableStream | undefined;
beforeEach(() => {
  sent = [];
  useRefreshQueue({ send: async (messages) => void sent.push(...messages) });
});
afterEach(async () => {
  await stream?.stop();
  stream = undefined;
  useRefreshQueue(undefined);
});

const connect = async (token: string, activityId: string) => {
  const res = await call('POST', '/v1/activities/content-link/connect', {
    token,
    body: { activityId, platform: 'youtube', contentUrl: 'https://youtu.be/dQw4w9WgXcQ' },
  });
  expect(res.status).toBe(200);
  return res.body.data.metricsFetchDueAt as string;
};

describe('the local table stream', () => {
  it('hands a connected content link to the consumer of tenant items, which queues its reading', async () => {
    stream = await startTableStream(endpoint(), tableName(), fanOutWebhookEvents);
    const org = await newOrg();
    const a = await newActivity(org);
    const dueAt = await connect(org.owner.token, a.id);
    expect(await until(() => sent.some((m) => m.tenantId === org.organizationId), 15_000)).toBe(true);
    expect(sent.filter((m) => m.tenantId === org.organizationId)).toEqual([
      { kind: 'content', tenantId: org.organizationId, activityId: a.id, dueAt },
    ]);
  });

  it('reads a batch again when its consumer asks', async () => {
    const org = await newOrg();
    const a = await newActivity(org);
    const ours = (records: DynamoDBRecord[]) =>
      records.filter(
        (r) => r.dynamodb?.Keys?.pk?.S === `TENANT#${org.organizationId}` && r.dynamodb?.NewImage?.contentConnectedAt,
      );
    const seen: string[] = [];
    let refused = false;
    const failingOnce = async (records: DynamoDBRecord[]) => {
      seen.push(...ours(records).map((r) => r.eventID!));
      const retry = !refused && ours(records).length > 0;
      refused ||= retry;
      return { retry };
    };
    stream = await startTableStream(endpoint(), tableName(), failingOnce);
    await connect(org.owner.token, a.id);
    expect(await until(() => seen.length >= 2, 15_000)).toBe(true);
    expect(refused).toBe(true);
    expect(new Set(seen).size).toBe(1);
  });
});
