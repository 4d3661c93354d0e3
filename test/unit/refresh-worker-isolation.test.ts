/**
 * The refresh worker reports exactly the messages that failed (docs/decisions.md "Metric snapshots and refresh"): whatever one
 * message's item does — its read from the table throws, the platform call of a chunk holding it
 * throws, its reading fails — the other messages of the batch, other tenants' above all, are read
 * and settled. DynamoDB is mocked (aws-sdk-client-mock), the platform and the writer are stand-ins.
 */
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefreshDeps } from '../../functions/jobs/metric-refresh/refresh.ts';
import * as keys from '../../shared/db/table/item-keys.ts';
import type { ContentReading, ContentRef, ReadResult } from '../../shared/domain/metric-readings.ts';
import { youtubeReading } from '../support/readings.ts';

const deps = vi.hoisted(() => ({ current: undefined as unknown as RefreshDeps }));
vi.mock('../../functions/jobs/metric-refresh/platform-deps.ts', () => ({ platformDeps: async () => deps.current }));
const { handler } = await import('../../functions/jobs/refresh-metrics-worker.ts');

const ddb = mockClient(DynamoDBDocumentClient);
afterAll(() => ddb.restore());

const dueAt = new Date(Date.now() - 60_000).toISOString();
const tenants = [randomUUID(), randomUUID(), randomUUID()];
/** One due YouTube activity per tenant, as the table holds it. */
const activities = tenants.map((tenantId) => ({ tenantId, activityId: randomUUID() }));
const itemOf = ({ tenantId, activityId }: (typeof activities)[number]) => ({
  ...keys.activity(tenantId, activityId),
  channel: 'youtube',
  contentHref: `https://youtu.be/${activityId.slice(0, 11)}`,
  metricsFetchDueAt: dueAt,
});
const event = {
  Records: activities.map((a, n) => ({ messageId: `m${n}`, body: JSON.stringify({ kind: 'content', ...a, dueAt }) })),
} as unknown as SQSEvent;
const [victim, bystander, another] = activities as [
  (typeof activities)[number],
  (typeof activities)[number],
  (typeof activities)[number],
];

const reading = () => youtubeReading(new Date().toISOString(), { views: 10 });

let recorded: string[] = [];
function stubs(
  read: (refs: ContentRef[]) => Promise<ReadResult<ContentReading>[]> = async (refs) =>
    refs.map(() => ({ status: 'ok', value: reading() })),
): RefreshDeps {
  return {
    adapterFor: (platform) => ({ platform, maxIdsPerCall: 50, readContent: read, readFollowers: async () => [] }),
    recordReadings: async (_tenantId, readings) => void recorded.push(...readings.map((r) => r.activityId)),
    markUnavailable: async () => undefined,
    now: () => new Date(),
  };
}

/** BatchGet answers the items asked for; a request naming `poison` is refused as a whole, as DynamoDB refuses a request with one bad key. */
function table(poison?: string) {
  ddb.on(BatchGetCommand).callsFake((input) => {
    const [name, { Keys }] = Object.entries(
      input.RequestItems as Record<string, { Keys: { pk: string; sk: string }[] }>,
    )[0]!;
    if (poison && Keys.some((k) => k.sk.endsWith(poison)))
      throw Object.assign(new Error('One or more parameter values were invalid'), { name: 'ValidationException' });
    return {
      Responses: {
        [name]: activities
          .filter((a) => Keys.some((k) => k.sk === keys.activity(a.tenantId, a.activityId).sk))
          .map(itemOf),
      },
    };
  });
}

beforeEach(() => {
  ddb.reset();
  ddb.on(UpdateCommand).resolves({ Attributes: {} });
  recorded = [];
});

const failures = async () => (await handler(event)).batchItemFailures.map((f) => f.itemIdentifier);

describe('refresh-metrics-worker reports only the failed messages', () => {
  it('a table read that throws for one message fails that message alone', async () => {
    table(victim.activityId);
    deps.current = stubs();
    expect(await failures()).toEqual(['m0']);
    expect(recorded.sort()).toEqual([bystander.activityId, another.activityId].sort());
  });

  it('a platform call that throws over a chunk fails only the message whose item makes it throw', async () => {
    table();
    deps.current = stubs(async (refs) => {
      if (refs.some((r) => r.activityId === victim.activityId)) throw new Error('unexpected answer');
      return refs.map(() => ({ status: 'ok', value: reading() }));
    });
    expect(await failures()).toEqual(['m0']);
    expect(recorded.sort()).toEqual([bystander.activityId, another.activityId].sort());
  });

  it('a failed reading fails its message alone', async () => {
    table();
    deps.current = stubs(async (refs) =>
      refs.map((r) =>
        r.activityId === victim.activityId
          ? { status: 'failed', message: 'HTTP 500' }
          : { status: 'ok', value: reading() },
      ),
    );
    expect(await failures()).toEqual(['m0']);
    expect(recorded.sort()).toEqual([bystander.activityId, another.activityId].sort());
  });

  it("a writer that fails for one tenant fails that tenant's messages alone", async () => {
    table();
    deps.current = {
      ...stubs(),
      recordReadings: async (tenantId, readings) => {
        if (tenantId === victim.tenantId) throw new Error('throttled');
        recorded.push(...readings.map((r) => r.activityId));
      },
    };
    expect(await failures()).toEqual(['m0']);
    expect(recorded.sort()).toEqual([bystander.activityId, another.activityId].sort());
  });
});
