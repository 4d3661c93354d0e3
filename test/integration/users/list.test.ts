/** GET /v1/users: the members of an organization, searched and paged. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { putMembership } from '../../support/memberships.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';

const orgId = randomUUID();
let owner: TestUser;
const names = ['Alma', 'Bert', 'Cleo', 'Dana', 'Ezra'];

beforeAll(async () => {
  owner = await signUp('Zoe Owner');
  await putMembership({ tenantId: orgId, userId: owner.userId, role: 'owner' });
  for (const name of names) {
    const user = await signUp(name);
    await putMembership({ tenantId: orgId, userId: user.userId, role: name === 'Dana' ? 'viewer' : 'member' });
  }
  // A user of another organization never shows up.
  const stranger = await signUp('Alma Elsewhere');
  await putMembership({ tenantId: randomUUID(), userId: stranger.userId, role: 'owner' });
});

const list = (query: string, token = owner.token) =>
  call('GET', `/v1/users?organizationId=${orgId}&${query}`, { token });

describe('GET /v1/users', () => {
  it('pages disjointly and completely with an exact totalCount (exact multiple, last partial page, past the end)', async () => {
    const seen: string[] = [];
    for (let pageIndex = 0; pageIndex < 3; pageIndex++) {
      const page = await list(`pageIndex=${pageIndex}&pageSize=2&sortBy=name&sortDirection=asc`);
      expect(page.status).toBe(200);
      expect(page.body.totalCount).toBe(6);
      expect(page.body.items).toHaveLength(2);
      seen.push(...page.body.items.map((u: { name: string }) => u.name));
    }
    expect(seen).toEqual(['Alma', 'Bert', 'Cleo', 'Dana', 'Ezra', 'Zoe Owner']);
    const partial = await list('pageIndex=1&pageSize=4&sortBy=name&sortDirection=asc');
    expect(partial.body.items.map((u: { name: string }) => u.name)).toEqual(['Ezra', 'Zoe Owner']);
    const beyond = await list('pageIndex=5&pageSize=4');
    expect(beyond.body).toMatchObject({ items: [], totalCount: 6 });
  });

  it("includes each member's role and status, and role facets", async () => {
    const page = await list('pageIndex=0&pageSize=100&searchTerm=dana');
    expect(page.body.items).toEqual([
      expect.objectContaining({ name: 'Dana', role: 'viewer', membershipStatus: 'active' }),
    ]);
    const all = await list('pageIndex=0&pageSize=100');
    expect(all.body.facets).toEqual({ role: { owner: 1, member: 4, viewer: 1 } });
  });

  it('searches names case-insensitively and counts only matches', async () => {
    const page = await list('pageIndex=0&pageSize=10&searchTerm=AL');
    expect(page.body.totalCount).toBe(1);
    expect(page.body.items[0].name).toBe('Alma');
  });

  it('defaults to newest first', async () => {
    const page = await list('pageIndex=0&pageSize=100');
    const created = page.body.items.map((u: { createdAt: string }) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('validates paging and search limits', async () => {
    expect((await list('pageIndex=0&pageSize=0')).status).toBe(400);
    expect((await list('pageIndex=0&pageSize=101')).status).toBe(400);
    expect((await list('pageIndex=0&pageSize=100')).status).toBe(200);
    expect((await list('pageIndex=-1&pageSize=10')).status).toBe(400);
    expect((await list('pageSize=10')).status).toBe(400);
    expect((await list(`pageIndex=0&pageSize=10&searchTerm=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await list(`pageIndex=0&pageSize=10&searchTerm=${'a'.repeat(200)}`)).status).toBe(200);
    expect((await list('pageIndex=0&pageSize=10&sortBy=password')).status).toBe(400);
    expect((await list('pageIndex=0&pageSize=10&colour=red')).body.errors).toEqual([
      { path: 'colour', message: 'Unknown field.' },
    ]);
  });

  it('answers 403 to a caller who is not an active member of the organization', async () => {
    const outsider = await signUp('Out Sider');
    expect((await list('pageIndex=0&pageSize=10', outsider.token)).status).toBe(403);
    const pending = await signUp('Pen Ding');
    await putMembership({ tenantId: orgId, userId: pending.userId, role: 'member', status: 'pending' });
    expect((await list('pageIndex=0&pageSize=10', pending.token)).status).toBe(403);
  });
});
