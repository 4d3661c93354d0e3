/**
 * The worker Lambda's SQS contract: partial batch responses name only the messages to deliver again;
 * a body that is not a refresh message is reported (it ends in the dead-letter queue to be looked
 * at), a stale one is settled.
 */
import { randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../functions/jobs/refresh-metrics-worker.ts';

const record = (messageId: string, body: string) => ({ messageId, body }) as SQSRecord;

describe('refresh-metrics-worker', () => {
  it('reports malformed messages and settles stale ones', async () => {
    const stale = JSON.stringify({
      kind: 'content',
      tenantId: randomUUID(),
      activityId: randomUUID(),
      dueAt: new Date().toISOString(),
    });
    const event = {
      Records: [record('m1', 'not json'), record('m2', stale), record('m3', JSON.stringify({ kind: 'content' }))],
    } as SQSEvent;
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm3' }] });
  });
});
