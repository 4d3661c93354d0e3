/**
 * The Users and Campaigns groups, paging and the analytics connection through the typed client
 * (docs/decisions.md "The service's own routes"), which is the client package (client/README.md): openapi-fetch over the types generated from
 * openapi.json, each response checked against the document. The request and response types come
 * from the document, so this file stops compiling when a schema changes in a way that would break
 * a web client.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { createTenant } from '../../shared/db/tenancy/tenants.ts';
import { ApiProblem } from '../../client/src/index.ts';
import { apiClient, type ApiClient } from './support/client.ts';

let service: LocalService;
let client: ApiClient;
let userId: string;
let organizationId: string;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  userId = randomUUID();
  const email = `typed-${userId}@example.com`;
  client = apiClient(service.url, service.issuer.mint({ userId, email }));
  const signUp = await client.POST('/v1/users', { body: { userId, email, name: 'Tess Typed' } });
  expect(signUp.response.status, JSON.stringify(signUp.error)).toBe(201);
  organizationId = (await createTenant({ name: 'Typed client tenant', ownerUserId: userId })).id;
});

afterAll(async () => {
  await service?.stop();
});

describe('Users through the typed client', () => {
  it("reads and updates the caller's profile; a problem document is typed as one", async () => {
    const read = await client.GET('/v1/users/{id}', { params: { path: { id: userId } } });
    expect(read.response.status).toBe(200);
    expect(read.data?.data).toMatchObject({ id: userId, name: 'Tess Typed' });

    const updated = await client.PATCH('/v1/users/{id}', {
      params: { path: { id: userId } },
      body: { jobRole: 'Analyst' },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data?.data).toMatchObject({ jobRole: 'Analyst' });

    const invalid = await client.PATCH('/v1/users/{id}', { params: { path: { id: userId } }, body: { name: '' } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error).toBeInstanceOf(ApiProblem);
    expect(invalid.error).toMatchObject({ status: 400, code: 'invalid_input', errors: [{ path: 'name' }] });
    expect(invalid.error?.requestId).toEqual(expect.any(String));
  });

  it("lists the organization's members with paging", async () => {
    const members = await client.GET('/v1/users', {
      params: { query: { organizationId, pageIndex: 0, pageSize: 10 } },
    });
    expect(members.response.status).toBe(200);
    expect(members.data).toMatchObject({ totalCount: 1, items: [expect.objectContaining({ id: userId })] });
  });
});

describe('Campaigns through the typed client', () => {
  it('creates, lists, reads, updates and deletes a campaign', async () => {
    const created = await client.POST('/v1/campaigns', {
      body: { organizationId, name: 'Typed launch', budget: 1200 },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const campaign = created.data!.data;
    expect(campaign.name).toBe('Typed launch');

    const listed = await client.GET('/v1/campaigns', {
      params: { query: { organizationId, pageIndex: 0, pageSize: 10 } },
    });
    expect(listed.data).toMatchObject({ totalCount: 1, facets: { status: { draft: 1 } } });

    const read = await client.GET('/v1/campaigns/{id}', { params: { path: { id: campaign.id } } });
    expect(read.data?.data).toMatchObject({ id: campaign.id, status: 'draft' });

    const updated = await client.PATCH('/v1/campaigns/{id}', {
      params: { path: { id: campaign.id } },
      body: { name: 'Typed relaunch' },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data?.data).toMatchObject({ name: 'Typed relaunch' });

    const removed = await client.DELETE('/v1/campaigns/{id}', { params: { path: { id: campaign.id } } });
    expect(removed.data?.data).toEqual({ id: campaign.id, deleted: true });
    const gone = await client.GET('/v1/campaigns/{id}', { params: { path: { id: campaign.id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'not_found' });
  });
});

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

describe('Paging through the typed client', () => {
  it('reads a Form A list (creators) and a Form B list (activities) to their last page, and an empty list', async () => {
    const tenantId = (await createTenant({ name: 'Typed paging tenant', ownerUserId: userId })).id;
    const creators = (pageSize?: number) =>
      all(
        client.pages('/v1/creators', {
          params: { query: { workspaceId: tenantId, sortBy: 'name', sortDirection: 'asc', pageSize } },
        }),
      );
    expect(await creators()).toEqual([]);

    for (const name of ['Cleo', 'Ada', 'Eve', 'Bea', 'Dot']) {
      const created = await client.POST('/v1/creators', { body: { workspaceId: tenantId, name } });
      expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    }
    expect((await creators(2)).map((c) => c.name)).toEqual(['Ada', 'Bea', 'Cleo', 'Dot', 'Eve']);
    expect((await creators()).map((c) => c.name)).toEqual(['Ada', 'Bea', 'Cleo', 'Dot', 'Eve']);

    for (const name of ['One', 'Two', 'Three', 'Four']) {
      const created = await client.POST('/v1/activities', {
        body: { organizationId: tenantId, channel: 'youtube', activity: 'youtube_video', name },
      });
      expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    }
    // Four in pages of two: the second page is the last, full one.
    const activities = await all(
      client.pages('/v1/activities', {
        params: { query: { organizationId: tenantId, sortBy: 'name', sortDirection: 'asc', pageSize: 2 } },
      }),
    );
    expect(activities.map((a) => a.name)).toEqual(['Four', 'One', 'Three', 'Two']);
  });

  it('throws the ApiProblem of a list the caller may not read', async () => {
    const stranger = apiClient(service.url, service.issuer.mint({ userId: randomUUID(), email: 'pager@example.com' }));
    await expect(all(stranger.pages('/v1/campaigns', { params: { query: { organizationId } } }))).rejects.toMatchObject(
      { status: 403, code: 'forbidden' },
    );
  });
});

/** The browser's way from an authorization URL (Google's consent, the fake's; the service's callback) to the web client's page: what it carries. */
async function webClientPage(url: string): Promise<{ analytics: string | null; state: string; code: string }> {
  const callback = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
  const page = new URL((await fetch(callback, { redirect: 'manual' })).headers.get('location')!).searchParams;
  return { analytics: page.get('analytics'), state: page.get('state')!, code: page.get('code')! };
}

describe('The analytics connection through the typed client', () => {
  it('asks for the authorization URL and completes with the state and code the callback hands the web client; no one else can', async () => {
    const auth = await client.POST('/v1/analytics-oauth/auth-url', {
      body: { organizationId, redirectPath: '/settings/analytics' },
    });
    expect(auth.response.status, JSON.stringify(auth.error)).toBe(200);
    const { analytics, ...body } = await webClientPage(auth.data!.data.url);
    expect(analytics).toBe('pending');

    const completed = await client.POST('/v1/analytics-oauth/complete', { body });
    expect(completed.response.status, JSON.stringify(completed.error)).toBe(200);
    expect(completed.data?.data).toEqual({
      organizationId,
      status: 'awaiting_property',
      propertyId: null,
      propertyName: null,
      lastImportAt: null,
    });
    const replayed = await client.POST('/v1/analytics-oauth/complete', { body });
    expect(replayed.response.status).toBe(400);
    expect(replayed.error).toMatchObject({ code: 'invalid_input', errors: [{ path: 'state' }] });

    // Another signed-in user presenting a new authorization of the owner's: 403, and it is spent.
    const again = await client.POST('/v1/analytics-oauth/auth-url', { body: { organizationId } });
    const { analytics: _pending, ...stolen } = await webClientPage(again.data!.data.url);
    const stranger = apiClient(
      service.url,
      service.issuer.mint({ userId: randomUUID(), email: 'stranger@example.com' }),
    );
    const theft = await stranger.POST('/v1/analytics-oauth/complete', { body: stolen });
    expect(theft.response.status).toBe(403);
    expect(theft.error).toMatchObject({ code: 'forbidden' });
    expect((await client.POST('/v1/analytics-oauth/complete', { body: stolen })).response.status).toBe(400);
  });
});
