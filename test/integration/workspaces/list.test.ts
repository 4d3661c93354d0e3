/** GET /v1/workspaces: the caller's workspaces with membership details, pending ones included. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, createWorkspace, ZERO_METRICS } from './helpers.ts';

let me: TestUser;
let other: TestUser;
/** Workspace ids in the order the caller joined them. */
const joined: string[] = [];

beforeAll(async () => {
  me = await signUp('Me');
  other = await signUp('Other');
  joined.push((await createWorkspace(me, { name: 'Mine 1' })).id);
  const theirs = await createWorkspace(other, { name: 'Theirs (pending)' });
  await addMember(theirs.id, other, me, 'member', false);
  joined.push(theirs.id);
  const theirsActive = await createWorkspace(other, { name: 'Theirs (viewer)' });
  await addMember(theirsActive.id, other, me, 'viewer');
  joined.push(theirsActive.id);
  joined.push((await createWorkspace(me, { name: 'Mine 2' })).id);
  // Not the caller's: never listed.
  await createWorkspace(other, { name: 'Not mine' });
});

const list = (query: string, token = me.token) => call('GET', `/v1/workspaces?${query}`, { token });

describe('GET /v1/workspaces', () => {
  it('lists every workspace of the caller, newest membership first, with role, membershipStatus and metrics at top level', async () => {
    const res = await list(`userId=${me.userId}&pageIndex=0&pageSize=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(4);
    expect(res.body.items.map((w: { id: string }) => w.id)).toEqual([...joined].reverse());
    expect(
      res.body.items.map((w: { name: string; role: string; membershipStatus: string }) => [
        w.name,
        w.role,
        w.membershipStatus,
      ]),
    ).toEqual([
      ['Mine 2', 'owner', 'active'],
      ['Theirs (viewer)', 'viewer', 'active'],
      ['Theirs (pending)', 'member', 'pending'],
      ['Mine 1', 'owner', 'active'],
    ]);
    expect(res.body._meta.requestId).toBeTypeOf('string');
  });

  it("shows a pending membership with the workspace's details and zero metrics until reporting writes them", async () => {
    const res = await list(`userId=${me.userId}&pageIndex=0&pageSize=100`);
    const pending = res.body.items.find((w: { id: string }) => w.id === joined[1]);
    expect(pending).toMatchObject({
      id: joined[1],
      name: 'Theirs (pending)',
      currency: 'USD',
      ianaTimezone: null,
      createdBy: other.userId,
      role: 'member',
      membershipStatus: 'pending',
      metrics: ZERO_METRICS,
    });
    expect(pending.createdAt).toBeTypeOf('string');
  });

  it("reads metrics from the tenant's stored aggregate", async () => {
    const stored = {
      ...ZERO_METRICS,
      creatorsCount: 3,
      campaignsCount: 2,
      spend: { USD: 120.5 },
      impressions: 9000,
      engagement: 410,
    };
    await documentClient().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.tenantAggregate(joined[1]!), ...stored } }),
    );
    const res = await list(`userId=${me.userId}&pageIndex=0&pageSize=100`);
    expect(res.body.items.find((w: { id: string }) => w.id === joined[1]).metrics).toEqual(stored);
  });

  it('counts memberships by status and role in facets', async () => {
    const res = await list(`userId=${me.userId}&pageIndex=0&pageSize=1`);
    expect(res.body.facets).toEqual({
      membershipStatus: { active: 3, pending: 1 },
      role: { owner: 2, member: 1, viewer: 1 },
    });
  });

  it('pages disjointly and completely with an exact totalCount', async () => {
    const seen: string[] = [];
    for (let pageIndex = 0; pageIndex < 2; pageIndex++) {
      const page = await list(`userId=${me.userId}&pageIndex=${pageIndex}&pageSize=2`);
      expect(page.body.totalCount).toBe(4);
      expect(page.body.items).toHaveLength(2);
      seen.push(...page.body.items.map((w: { id: string }) => w.id));
    }
    expect(seen).toEqual([...joined].reverse());
    expect((await list(`userId=${me.userId}&pageIndex=2&pageSize=2`)).body).toMatchObject({ items: [], totalCount: 4 });
  });

  it('accepts snake_case inputs', async () => {
    const res = await list(`user_id=${me.userId}&page_index=1&page_size=3`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((w: { id: string }) => w.id)).toEqual([joined[0]]);
  });

  it('validates pageSize 1..100, pageIndex >= 0, the required inputs and unknown fields', async () => {
    expectProblem(await list(`userId=${me.userId}&pageIndex=0&pageSize=0`), 400, 'invalid_input', 'any');
    expectProblem(await list(`userId=${me.userId}&pageIndex=0&pageSize=101`), 400, 'invalid_input', 'any');
    expect((await list(`userId=${me.userId}&pageIndex=0&pageSize=1`)).body.items).toHaveLength(1);
    expect((await list(`userId=${me.userId}&pageIndex=0&pageSize=100`)).body.items).toHaveLength(4);
    expectProblem(await list(`userId=${me.userId}&pageIndex=-1&pageSize=10`), 400, 'invalid_input', 'any');
    expectProblem(await list(`userId=${me.userId}&pageSize=10`), 400, 'invalid_input', 'any');
    expectProblem(await list('pageIndex=0&pageSize=10'), 400, 'invalid_input', 'any');
    expectProblem(await list(`userId=${me.userId}&pageIndex=0&pageSize=10&searchTerm=x`), 400, 'invalid_input', [
      { path: 'searchTerm', message: 'Unknown field.' },
    ]);
  });

  it("answers 403 to a caller listing another user's workspaces, and 401 without a token", async () => {
    expectProblem(await list(`userId=${other.userId}&pageIndex=0&pageSize=10`), 403, 'forbidden');
    expectProblem(
      await call('GET', `/v1/workspaces?userId=${me.userId}&pageIndex=0&pageSize=10`),
      401,
      'unauthenticated',
    );
  });

  it('lists nothing for a user with no memberships', async () => {
    const loner = await signUp('Loner');
    const res = await list(`userId=${loner.userId}&pageIndex=0&pageSize=10`, loner.token);
    expect(res.body).toMatchObject({ items: [], totalCount: 0, facets: { membershipStatus: {}, role: {} } });
  });
});
