/**
 * pages(): offset paging by `pageIndex`/`pageSize` until the page that reaches `totalCount`, or a
 * short or empty one, for Form A lists (with `_meta`) and Form B lists (without) alike.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiProblem, createClient, type ApiClient } from '../src/index.ts';
import { pagedList, problem, startFakeService, type FakeService } from './support/fake-service.ts';

let service: FakeService;
let client: ApiClient;
const workspaceId = '00000000-0000-4000-8000-00000000000a';
const names = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `Record ${from + i}`);
const requested = () =>
  service.received.map((r) => [r.url.searchParams.get('pageIndex'), r.url.searchParams.get('pageSize')]);

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

beforeAll(async () => {
  service = await startFakeService();
  client = createClient({ baseUrl: service.url, token: 'token' });
});
beforeEach(() => {
  service.received.length = 0;
});
afterAll(() => service.stop());

describe('pages', () => {
  it("reads a Form A list page after page, the last one short, with the list's other parameters each time", async () => {
    service.answer(pagedList(5, 'A'));
    const creators = await all(
      client.pages('/v1/creators', { params: { query: { workspaceId, sortBy: 'name', pageSize: 2 } } }),
    );
    expect(creators.map((c) => c.name)).toEqual(names(5));
    expect(requested()).toEqual([
      ['0', '2'],
      ['1', '2'],
      ['2', '2'],
    ]);
    expect(
      service.received.every(
        (r) => r.url.searchParams.get('workspaceId') === workspaceId && r.url.searchParams.get('sortBy') === 'name',
      ),
    ).toBe(true);
    expect(service.received.every((r) => r.headers.authorization === 'Bearer token')).toBe(true);
  });

  it('stops at totalCount on a Form B list whose last page is full: no request for an empty page', async () => {
    service.answer(pagedList(4, 'B'));
    const activities = await all(
      client.pages('/v1/activities', { params: { query: { organizationId: workspaceId, pageSize: 2 } } }),
    );
    expect(activities.map((a) => a.name)).toEqual(names(4));
    expect(requested()).toEqual([
      ['0', '2'],
      ['1', '2'],
    ]);
  });

  it('reads an empty list with one request and yields nothing', async () => {
    service.answer(pagedList(0, 'A'));
    expect(await all(client.pages('/v1/campaigns', { params: { query: { organizationId: workspaceId } } }))).toEqual(
      [],
    );
    expect(requested()).toEqual([['0', '100']]);
  });

  it('asks for pages of 100 unless told, and starts at the pageIndex given', async () => {
    service.answer(pagedList(250, 'A'));
    expect(await all(client.pages('/v1/costs', { params: { query: { organizationId: workspaceId } } }))).toHaveLength(
      250,
    );
    expect(requested()).toEqual([
      ['0', '100'],
      ['1', '100'],
      ['2', '100'],
    ]);

    service.received.length = 0;
    const rest = await all(
      client.pages('/v1/costs', { params: { query: { organizationId: workspaceId, pageIndex: 1 } } }),
    );
    expect(rest.map((c) => (c as { name?: string }).name)).toEqual(names(150, 100));
    expect(requested()).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);
  });

  it('stops at a short page even when totalCount says more (records removed meanwhile)', async () => {
    service.answer((request) => {
      const pageIndex = Number(request.url.searchParams.get('pageIndex'));
      return {
        status: 200,
        body: { items: pageIndex === 0 ? [{ id: 'a' }, { id: 'b' }] : [{ id: 'c' }], totalCount: 10, facets: {} },
      };
    });
    expect(
      await all(
        client.pages('/v1/expense-categories', { params: { query: { organizationId: workspaceId, pageSize: 2 } } }),
      ),
    ).toHaveLength(3);
    expect(requested()).toEqual([
      ['0', '2'],
      ['1', '2'],
    ]);
  });

  it('fills the path of a list under a record', async () => {
    service.answer(pagedList(1, 'A'));
    await all(client.pages('/v1/workspaces/{id}/users', { params: { path: { id: workspaceId }, query: {} } }));
    expect(service.received[0]!.url.pathname).toBe(`/v1/workspaces/${workspaceId}/users`);
  });

  it('throws the ApiProblem of a page that fails, after yielding the pages before it', async () => {
    service.answer((request) =>
      request.url.searchParams.get('pageIndex') === '0'
        ? pagedList(3, 'A')(request)
        : { status: 403, body: problem(403, 'forbidden', 'Not a member.') },
    );
    const seen: string[] = [];
    const reading = (async () => {
      for await (const user of client.pages('/v1/users', {
        params: { query: { organizationId: workspaceId, pageSize: 2 } },
      }))
        seen.push(user.id);
    })();
    await expect(reading).rejects.toBeInstanceOf(ApiProblem);
    await expect(reading).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(seen).toEqual(['id-0', 'id-1']);
  });
});
