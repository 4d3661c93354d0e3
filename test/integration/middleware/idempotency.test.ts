/**
 * `Idempotency-Key` on POSTs (docs/decisions.md "Retries and browsers"), on DynamoDB Local: through
 * the real cost route (a repeat replays the first answer and writes nothing; 20 at once write once;
 * another request under the key is 422; snake_case and camelCase are one request; no header, no
 * change), and through handlers defined here on a real POST route key, which answer what a test
 * needs (409, 429, 500, a write in a transaction) to show which answers are kept and that the
 * record's written mark travels in the route's own transaction.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeByKey } from '../../../functions/routes.ts';
import { createActivity, getActivity } from '../../../shared/db/catalogue/activities.ts';
import { Costs } from '../../../shared/db/catalogue/costs.ts';
import { KEPT_SECONDS, LEASE_SECONDS } from '../../../shared/db/idempotency/records.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { idempotencyKeys } from '../../../shared/db/table/keys.ts';
import { queryRecords } from '../../../shared/db/table/query.ts';
import { transact } from '../../../shared/db/table/transact.ts';
import { conflict, notFound, rateLimited } from '../../../shared/domain/errors.ts';
import { defineHandler } from '../../../shared/http/handler.ts';
import { requestFingerprint } from '../../../shared/http/middleware/idempotency.ts';
import { created } from '../../../shared/http/result.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newOrganization } from '../costs/helpers.ts';
import { expectProblem, invoke } from './helpers.ts';

let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  owner = await signUp('Idempotent Owner');
  orgId = await newOrganization(owner);
});

const newActivity = async () => (await createActivity(orgId, activityInput())).id;
const postCost = (body: Record<string, unknown>, key?: string, token = owner.token) =>
  call('POST', '/v1/activities/costs', {
    token,
    body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
const costBody = (activityId: string, amount = 12.5) => ({ activityId, amount, type: 'creator_fee', currency: 'USD' });
const costsOf = async (activityId: string) => (await queryRecords(Costs.query.ofActivity(orgId, activityId))).length;
const recordOf = async (userId: string, key: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: idempotencyKeys.record(userId, key), ConsistentRead: true }),
    )
  ).Item;

describe('a repeat of the same request', () => {
  it('answers the first answer again, byte for byte, with Idempotent-Replayed: true, and writes nothing more', async () => {
    const activityId = await newActivity();
    const key = randomUUID();
    const first = await postCost(costBody(activityId), key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await postCost(costBody(activityId), key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/json');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.body).toEqual(first.body);
    expect(await costsOf(activityId)).toBe(1);
    expect(await getActivity(orgId, activityId)).toMatchObject({ costsCount: 1, spend: { USD: 12.5 } });
  });

  it('20 at once with one key and one body: exactly one cost, the other 19 replays or 409 conflict', async () => {
    const activityId = await newActivity();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCost(costBody(activityId, 7), key)));
    const fresh = answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined);
    const replays = answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === 'true');
    const running = answers.filter((a) => a.status === 409);
    expect(fresh).toHaveLength(1);
    expect(replays.length + running.length).toBe(19);
    for (const replay of replays) expect(replay.body).toEqual(fresh[0]!.body);
    for (const answer of running) expectProblem(answer, 409, 'conflict');
    expect(await costsOf(activityId)).toBe(1);
    expect(await getActivity(orgId, activityId)).toMatchObject({ costsCount: 1, spend: { USD: 7 } });
    // And once the first is done, every repeat is a replay.
    const later = await postCost(costBody(activityId, 7), key);
    expect([later.status, later.headers['idempotent-replayed']]).toEqual([201, 'true']);
  });

  it('is the same request in snake_case, with its members in another order', async () => {
    const activityId = await newActivity();
    const key = randomUUID();
    const first = await postCost(
      { activityId, amount: 3, type: 'creator_fee', currency: 'USD', categoryId: null },
      key,
    );
    expect(first.status).toBe(201);
    const snake = await postCost(
      { category_id: null, currency: 'USD', type: 'creator_fee', amount: 3, activity_id: activityId },
      key,
    );
    expect([snake.status, snake.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(snake.body).toEqual(first.body);
    expect(await costsOf(activityId)).toBe(1);
  });

  it('is kept 24 hours: the record carries a ttl a day ahead, per user and key', async () => {
    const activityId = await newActivity();
    const key = randomUUID();
    expect((await postCost(costBody(activityId), key)).status).toBe(201);
    const record = await recordOf(owner.userId, key);
    const now = Date.now() / 1000;
    expect(record).toMatchObject({ pk: `IDEMPOTENCY#${owner.userId}`, sk: `KEY#${key}`, state: 'done' });
    expect(record!.ttl).toBeGreaterThan(now + KEPT_SECONDS - 60);
    expect(record!.ttl).toBeLessThanOrEqual(now + KEPT_SECONDS + 1);
    expect(record!.answer.statusCode).toBe(201);
  });
});

describe('another request under the same key', () => {
  it('is 422 idempotency_key_reused: another input, or another route', async () => {
    const activityId = await newActivity();
    const key = randomUUID();
    expect((await postCost(costBody(activityId, 5), key)).status).toBe(201);
    expectProblem(await postCost(costBody(activityId, 6), key), 422, 'idempotency_key_reused');
    expectProblem(
      await postCost({ ...costBody(activityId, 5), description: 'Fee' }, key),
      422,
      'idempotency_key_reused',
    );
    const category = await call('POST', '/v1/expense-categories', {
      token: owner.token,
      body: { organizationId: orgId, name: `C ${key}` },
      headers: { 'idempotency-key': key },
    });
    expectProblem(category, 422, 'idempotency_key_reused');
    expect(await costsOf(activityId)).toBe(1);
  });

  it("of another user is that user's own: keys are per user", async () => {
    const activityId = await newActivity();
    const key = randomUUID();
    expect((await postCost(costBody(activityId), key)).status).toBe(201);
    const stranger = await signUp('Stranger');
    const theirs = await call('POST', '/v1/workspaces', {
      token: stranger.token,
      body: { userId: stranger.userId, name: 'Theirs' },
      headers: { 'idempotency-key': key },
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the header', () => {
  it('absent: nothing changes, two POSTs write two costs and no record', async () => {
    const user = await signUp('No Key');
    const org = await newOrganization(user);
    const activityId = (await createActivity(org, activityInput())).id;
    const body = costBody(activityId);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/v1/activities/costs', { token: user.token, body });
      expect(res.status).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect((await queryRecords(Costs.query.ofActivity(org, activityId))).length).toBe(2);
    const records = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `IDEMPOTENCY#${user.userId}` },
      }),
    );
    expect(records.Items).toEqual([]);
  });

  it.each([
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'two words'],
    ['a non-ASCII character', 'clé'],
    ['a control character', 'a\tb'],
  ])('is 400 invalid_input with %s, and nothing is written', async (_what, key) => {
    const activityId = await newActivity();
    expectProblem(await postCost(costBody(activityId), key), 400, 'invalid_input', [
      { path: 'Idempotency-Key', message: expect.any(String) },
    ] as never);
    expect(await costsOf(activityId)).toBe(0);
  });

  it('takes 255 visible ASCII characters, punctuation included', async () => {
    const activityId = await newActivity();
    const key = `"${'~!#$%&*+,./:;<=>?@[]^_`{|}'.repeat(10)}`.slice(0, 255);
    expect(key).toHaveLength(255);
    expect((await postCost(costBody(activityId), key)).status).toBe(201);
    expect((await postCost(costBody(activityId), key)).headers['idempotent-replayed']).toBe('true');
  });
});

/** A handler on a real POST route that answers what `answer` says; counts its runs. */
function scripted(answer: () => Promise<unknown>) {
  const runs = { count: 0 };
  const handler = defineHandler({
    route: routeByKey('POST /v1/workspaces'),
    input: z.strictObject({ userId: z.string().optional(), name: z.string() }),
    run: async () => {
      runs.count++;
      return (await answer()) as never;
    },
  });
  return {
    runs,
    post: (key: string, name = 'W') =>
      invoke(handler, 'POST', '/v1/workspaces', {
        token: owner.token,
        body: { name },
        headers: { 'idempotency-key': key },
      }),
  };
}

describe('which answers are kept', () => {
  it.each([
    ['409', () => Promise.reject(conflict('Taken.')), 409],
    ['429', () => Promise.reject(rateLimited('Slow down.', 3)), 429],
    ['500', () => Promise.reject(new Error('boom')), 500],
  ])('a %s is not: the claim is released, and the retry runs again', async (_status, fail, status) => {
    let failing = true;
    const key = randomUUID();
    const states: unknown[] = [];
    const { runs, post } = scripted(async () => {
      states.push((await recordOf(owner.userId, key))?.state);
      return failing ? fail() : created({ id: 'w' });
    });
    expect((await post(key)).status).toBe(status);
    // Claimed while it ran, released once it answered.
    expect(states).toEqual(['running']);
    expect(await recordOf(owner.userId, key)).toBeUndefined();
    const repeat = await post(key);
    expect(repeat.status).toBe(status);
    expect(repeat.headers['idempotent-replayed']).toBeUndefined();
    failing = false;
    const retry = await post(key);
    expect([retry.status, retry.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect(runs.count).toBe(3);
  });

  it('a 4xx other than 409 and 429 is, as sent', async () => {
    const { runs, post } = scripted(() => Promise.reject(notFound('The category')));
    const key = randomUUID();
    const first = await post(key);
    expectProblem(first, 404, 'not_found');
    const again = await post(key);
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([404, 'true']);
    expect(again.body).toEqual(first.body);
    expect(runs.count).toBe(1);
  });
});

/** A test item the scripted route writes in its transaction. */
const marker = (id: string) => ({ pk: `TEST#${id}`, sk: 'WRITE' });
const markerOf = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: marker(id), ConsistentRead: true }))).Item;

describe("the record and the route's transaction", () => {
  it("the route's transaction marks the record written in the same write", async () => {
    const key = randomUUID();
    const id = randomUUID();
    let seenInside: unknown;
    const { post } = scripted(async () => {
      expect((await recordOf(owner.userId, key))?.state).toBe('running');
      await transact([{ Put: { TableName: tableName(), Item: marker(id) } }]);
      seenInside = (await recordOf(owner.userId, key))?.state;
      return created({ id });
    });
    expect((await post(key)).status).toBe(201);
    expect(seenInside).toBe('written');
    expect(await markerOf(id)).toBeDefined();
    expect((await recordOf(owner.userId, key))?.state).toBe('done');
  });

  it('a run whose claim was taken over writes nothing: its transaction fails with the mark', async () => {
    const key = randomUUID();
    const id = randomUUID();
    const { post } = scripted(async () => {
      // Another run takes the claim (as a repeat does once a lease has passed).
      const record = await recordOf(owner.userId, key);
      await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...record, runId: randomUUID() } }));
      await transact([{ Put: { TableName: tableName(), Item: marker(id) } }]);
      return created({ id });
    });
    expectProblem(await post(key), 409, 'conflict');
    expect(await markerOf(id)).toBeUndefined();
    expect((await recordOf(owner.userId, key))?.state).toBe('running');
  });

  it('a failure after the transaction committed keeps that answer: a retry would write twice', async () => {
    const key = randomUUID();
    const { runs, post } = scripted(async () => {
      await transact([{ Put: { TableName: tableName(), Item: marker(randomUUID()) } }]);
      throw new Error('after the write');
    });
    expect((await post(key)).status).toBe(500);
    const again = await post(key);
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([500, 'true']);
    expect(runs.count).toBe(1);
  });

  it('a claim left running past its lease by a dead run is taken over by the repeat', async () => {
    const key = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const route = routeByKey('POST /v1/workspaces');
    const fingerprint = requestFingerprint(route, { name: 'W' });
    const dead = {
      ...idempotencyKeys.record(owner.userId, key),
      state: 'running',
      fingerprint,
      runId: 'dead',
      leaseUntil: now - 1,
      ttl: now + KEPT_SECONDS,
    };
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: dead }));
    const { runs, post } = scripted(async () => created({ id: 'w' }));
    expect((await post(key)).status).toBe(201);
    expect(runs.count).toBe(1);
    // Within its lease, it would have been 409.
    const key2 = randomUUID();
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...dead, ...idempotencyKeys.record(owner.userId, key2), leaseUntil: now + LEASE_SECONDS },
      }),
    );
    expectProblem(await post(key2), 409, 'conflict');
    expect(runs.count).toBe(1);
  });

  it('a record written by a dead run, its answer lost, is never run again: 409', async () => {
    const key = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const fingerprint = requestFingerprint(routeByKey('POST /v1/workspaces'), { name: 'W' });
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...idempotencyKeys.record(owner.userId, key),
          state: 'written',
          fingerprint,
          runId: 'dead',
          leaseUntil: now - 1,
          ttl: now + KEPT_SECONDS,
        },
      }),
    );
    const { runs, post } = scripted(async () => created({ id: 'w' }));
    const res = await post(key);
    expectProblem(res, 409, 'conflict');
    expect(res.body.detail).toMatch(/answer was lost/);
    expect(runs.count).toBe(0);
  });

  it('an expired record counts as absent (TTL deletes late)', async () => {
    const key = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...idempotencyKeys.record(owner.userId, key),
          state: 'done',
          fingerprint: 'other',
          runId: 'old',
          leaseUntil: now - KEPT_SECONDS,
          ttl: now - 1,
          answer: { statusCode: 201, headers: {}, body: '{}' },
        },
      }),
    );
    const { runs, post } = scripted(async () => created({ id: 'w' }));
    expect((await post(key)).status).toBe(201);
    expect(runs.count).toBe(1);
    expect(await recordOf(owner.userId, key)).toMatchObject({
      state: 'done',
      fingerprint: expect.not.stringMatching(/^other$/),
    });
  });
});
