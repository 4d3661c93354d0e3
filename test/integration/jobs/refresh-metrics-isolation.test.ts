/**
 * One tenant's messages never hold back another's: a content link connected twice (a double click)
 * queues the same activity under two due times, and a link whose platform answer is broken (the
 * fake's malformed body) fails every id of the call it is read in; read in one batch with another
 * tenant's message, the other tenant's reading lands, through the worker Lambda's handler and
 * through the local in-process queue alike, against DynamoDB Local and the local platform fakes.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { handler } from '../../../functions/jobs/refresh-metrics-worker.ts';
import { queueReadingsDueAtOnce } from '../../../functions/jobs/metric-refresh/queue-due-readings.ts';
import { platformDeps } from '../../../functions/jobs/metric-refresh/platform-deps.ts';
import { FakePlatforms } from '../../../infra/local/fakes/platforms.ts';
import { LocalRefreshQueue } from '../../../infra/local/metric-refresh.ts';
import { getActivity } from '../../../shared/db/catalogue/activities.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { usePlatforms } from '../../../shared/integrations/platforms/index.ts';
import { useRefreshQueue } from '../../../shared/integrations/refresh-queue/index.ts';
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';
import { call } from '../../support/call.ts';
import { changeBy } from '../webhooks/helpers.ts';
import { newActivity } from '../activities/helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

let fake: FakePlatforms;
let sent: RefreshMessage[] = [];

beforeAll(async () => {
  fake = await FakePlatforms.start();
  Object.assign(process.env, fake.env());
  usePlatforms(undefined);
});
afterAll(() => fake.stop());
beforeEach(() => {
  sent = [];
  useRefreshQueue({ send: async (messages) => void sent.push(...messages) });
});
afterEach(() => useRefreshQueue(undefined));

/** Connects the link, and hands the change to the stream consumer's step that queues readings due at once. */
async function connect(org: Org, activityId: string, video: string): Promise<void> {
  const change = await changeBy(keys.activity(org.organizationId, activityId), async () => {
    const res = await call('POST', '/v1/activities/content-link/connect', {
      token: org.owner.token,
      body: { activityId, platform: 'youtube', contentUrl: `https://youtu.be/${video}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
  await queueReadingsDueAtOnce([change]);
}

/** A tenant whose link was connected twice, and a bystander's connected once: the messages queued. */
async function doubleClickAndBystander() {
  const clicker = await newOrg('Clicker');
  const bystander = await newOrg('Bystander');
  const twice = (await newActivity(clicker)).id as string;
  const once = (await newActivity(bystander)).id as string;
  await connect(clicker, twice, 'doubleclick1');
  await new Promise((resolve) => setTimeout(resolve, 2)); // a later due time, as a second click has
  await connect(clicker, twice, 'doubleclick1');
  await connect(bystander, once, 'bystander01');
  expect(sent.filter((m) => m.kind === 'content' && m.activityId === twice)).toHaveLength(2);
  return { clicker, bystander, twice, once, messages: [...sent] };
}

const impressions = async (tenantId: string, activityId: string) =>
  (await getActivity(tenantId, activityId, { consistent: true }))!.impressions;

describe('a duplicated content link in a batch', () => {
  it('the worker reads both tenants: the duplicate is stale, nothing is reported failed', async () => {
    const { clicker, bystander, twice, once, messages } = await doubleClickAndBystander();
    const event = {
      Records: messages.map((m, n) => ({ messageId: `m${n}`, body: JSON.stringify(m) })),
    } as unknown as SQSEvent;
    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    expect(await impressions(bystander.organizationId, once)).toBeGreaterThan(0);
    expect(await impressions(clicker.organizationId, twice)).toBeGreaterThan(0);
  });

  it('the local queue reads both tenants and has nothing left to deliver again', async () => {
    const { clicker, bystander, twice, once, messages } = await doubleClickAndBystander();
    const queue = new LocalRefreshQueue();
    await queue.send(messages);
    expect(await queue.drain(await platformDeps())).toMatchObject({ ok: 2, stale: 1, failed: 0 });
    expect(await impressions(bystander.organizationId, once)).toBeGreaterThan(0);
    expect(await impressions(clicker.organizationId, twice)).toBeGreaterThan(0);
    expect(await queue.drain(await platformDeps())).toMatchObject({ ok: 0, stale: 0, failed: 0 });
  });
});

describe("a platform answer broken by one tenant's link", () => {
  /** A tenant whose video the fake answers with a truncated body, and a bystander's video: the messages queued. */
  async function brokenAndBystander() {
    const broken = await newOrg('Broken');
    const bystander = await newOrg('Bystander');
    const bad = (await newActivity(broken)).id as string;
    const good = (await newActivity(bystander)).id as string;
    await connect(broken, bad, 'malformed01');
    await connect(bystander, good, 'bystander02');
    return { broken, bystander, bad, good, messages: [...sent] };
  }

  it("the worker fails the broken tenant's message alone; the bystander's reading lands", async () => {
    const { broken, bystander, bad, good, messages } = await brokenAndBystander();
    const calls = fake.calls.length;
    const event = {
      Records: messages.map((m, n) => ({ messageId: `m${n}`, body: JSON.stringify(m) })),
    } as unknown as SQSEvent;
    const badMessage = messages.findIndex((m) => m.kind === 'content' && m.activityId === bad);
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: `m${badMessage}` }] });
    expect(await impressions(bystander.organizationId, good)).toBeGreaterThan(0);
    expect(await impressions(broken.organizationId, bad)).toBeFalsy();
    // One call for both ids, then one for each alone.
    expect(
      fake.calls
        .slice(calls)
        .map((c) => c.query.get('id')!.split(',').sort().join())
        .sort(),
    ).toEqual(['bystander02', 'bystander02,malformed01', 'malformed01']);
  });

  it('the local queue reads the bystander ok and delivers only the broken message again', async () => {
    const { bystander, good, messages } = await brokenAndBystander();
    const queue = new LocalRefreshQueue();
    await queue.send(messages);
    expect(await queue.drain(await platformDeps())).toMatchObject({ ok: 1, failed: 1 });
    expect(await impressions(bystander.organizationId, good)).toBeGreaterThan(0);
  });
});
