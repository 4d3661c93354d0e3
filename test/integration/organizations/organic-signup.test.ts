/**
 * POST /v1/organizations/complete-organic-signup against DynamoDB Local. The demo tenant is shared by
 * the whole table (one per test file), so the race for its creation runs first, on a fresh table.
 */
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { organizationsOf } from './helpers.ts';

const signup = (user: TestUser, body: Record<string, unknown> = { name: 'My Brand' }) =>
  call('POST', '/v1/organizations/complete-organic-signup', {
    token: user.token,
    body: { userId: user.userId, ...body },
  });

const activeOrganization = async (user: TestUser): Promise<string | null> =>
  (await call('GET', `/v1/users/${user.userId}/settings`, { token: user.token })).body.data.activeOrganizationId;

/** Every demo tenant item in the table. */
async function demoTenants(): Promise<Record<string, unknown>[]> {
  const out = await documentClient().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'sk = :tenant AND isDemo = :yes',
      ExpressionAttributeValues: { ':tenant': 'TENANT', ':yes': true },
    }),
  );
  return out.Items ?? [];
}

describe('POST /v1/organizations/complete-organic-signup', () => {
  it('creates the demo tenant once when the first sign-ups race, and every one of them joins it', async () => {
    const users = await Promise.all([1, 2, 3, 4].map((n) => signUp(`Racer ${n}`)));
    const results = await Promise.all(users.map((user) => signup(user)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const demos = await demoTenants();
    expect(demos).toHaveLength(1);
    const demoId = demos[0]!.id;
    for (const user of users) {
      expect(await activeOrganization(user)).toBe(demoId);
      expect((await organizationsOf(user)).find((o) => o.id === demoId)).toMatchObject({
        role: 'viewer',
        membershipStatus: 'active',
        isDemo: true,
      });
    }
  });

  it("creates the caller's organization (201, owner) and makes them a viewer of the demo, now their active organization", async () => {
    const user = await signUp();
    const res = await signup(user, { name: 'Organic Co', ianaTimezone: 'Europe/London', currency: 'GBP' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Organic Co',
      ianaTimezone: 'Europe/London',
      currency: 'GBP',
      isDemo: false,
      role: 'owner',
      membershipStatus: 'active',
    });
    expect(res.body).not.toHaveProperty('_meta');
    const demoId = await activeOrganization(user);
    expect(demoId).not.toBe(res.body.data.id);
    const listed = await organizationsOf(user);
    expect(listed.map((o) => [o.id, o.role, o.isDemo]).sort()).toEqual(
      [
        [res.body.data.id, 'owner', false],
        [demoId, 'viewer', true],
      ].sort(),
    );

    // A viewer reads the demo and its stored aggregate (the sample creators and their content,
    // seeded once; no invented spend or metrics) but cannot change it.
    const demo = await call('GET', `/v1/organizations/${demoId}`, { token: user.token });
    expect(demo.status).toBe(200);
    expect(demo.body.data).toMatchObject({
      isDemo: true,
      role: 'viewer',
      metrics: { creatorsCount: 3, activitiesCount: 4, costsCount: 0, spend: {}, impressions: 0, engagement: 0 },
    });
    const sampleCreators = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :creator)',
        ExpressionAttributeValues: { ':pk': `TENANT#${demoId}`, ':creator': 'CREATOR#' },
      }),
    );
    expect((sampleCreators.Items ?? []).map((c) => c.name).sort()).toEqual([
      'Sample: Home Cooks Club',
      'Sample: Maya Trails',
      'Sample: Northwind Outfitters',
    ]);
    expectProblem(
      await call('PATCH', `/v1/organizations/${demoId}`, { token: user.token, body: { name: 'Mine now' } }),
      403,
      'forbidden',
    );
    expectProblem(await call('DELETE', `/v1/organizations/${demoId}`, { token: user.token }), 403, 'forbidden');
  });

  it('reuses the same demo tenant for later sign-ups, and a second sign-up of the same user keeps one demo membership', async () => {
    const first = await signUp();
    const second = await signUp();
    expect((await signup(first)).status).toBe(201);
    expect((await signup(second)).status).toBe(201);
    const demoId = await activeOrganization(first);
    expect(await activeOrganization(second)).toBe(demoId);
    expect(await demoTenants()).toHaveLength(1);

    const again = await signup(first, { name: 'Second Brand' });
    expect(again.status).toBe(201);
    const listed = await organizationsOf(first);
    expect(listed.filter((o) => o.id === demoId)).toHaveLength(1);
    expect(
      listed
        .filter((o) => o.role === 'owner')
        .map((o) => o.name)
        .sort(),
    ).toEqual(['My Brand', 'Second Brand']);
    const demoMembers = await call('GET', `/v1/organizations/${demoId}/users?pageIndex=0&pageSize=100`, {
      token: first.token,
    });
    expect(demoMembers.body.items.filter((m: { userId: string }) => m.userId === first.userId)).toHaveLength(1);
  });

  it('validates like organization create and acts only as the caller', async () => {
    const user = await signUp();
    expectProblem(await signup(user, {}), 400, 'invalid_input', 'any');
    expectProblem(await signup(user, { name: 'x'.repeat(256) }), 400, 'invalid_input', 'any');
    expectProblem(await signup(user, { name: 'A', currency: 'BTC' }), 400, 'invalid_input', 'any');
    const other = await signUp();
    expectProblem(
      await call('POST', '/v1/organizations/complete-organic-signup', {
        token: user.token,
        body: { userId: other.userId, name: 'A' },
      }),
      403,
      'forbidden',
    );
    expect(await organizationsOf(user)).toEqual([]);
    expect(await activeOrganization(user)).toBeNull();
  });
});
