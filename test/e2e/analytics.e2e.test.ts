/**
 * Web analytics over HTTP against the local service and its fake Google (docs/decisions.md "Web
 * analytics"): the OAuth round trip (a callback that connects nothing, completion by the user who
 * asked alone, PKCE, single-use state, expiry, a wrong verifier or another authorization's code,
 * redirect paths that would leave the web client), the sealed refresh token, property selection
 * and the first import, re-import replacing days, the reports and their mappings, a revoked grant,
 * quota backoff and disconnect.
 */
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAllConnected, importAnalytics } from '../../functions/jobs/analytics-import/import.ts';
import { FAKE_PROPERTIES } from '../../infra/local/fakes/google-analytics.ts';
import { analyticsKeys, getConnection, setConnected } from '../../shared/db/analytics/analytics.ts';
import { documentClient, tableName } from '../../shared/db/table/client.ts';
import { addMembership, changeRole } from '../../shared/db/tenancy/memberships.ts';
import { createCreator } from '../../shared/db/catalogue/creators.ts';
import { connectionView } from '../../functions/analytics/inputs.ts';
import { checkedFetch } from './support/contract.ts';
import { startWorld, type Identity, type World } from './support/world.ts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.service.stop();
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const PROPERTY = FAKE_PROPERTIES[0].propertyId;

async function ownerWithOrganization(): Promise<{ owner: Identity; organizationId: string }> {
  const owner = await world.signUp('Analytics owner');
  const created = await world.http('POST', '/v1/organizations', {
    token: owner.token,
    body: { userId: owner.userId, name: 'Analytics Co' },
  });
  expect(created.status).toBe(201);
  return { owner, organizationId: created.body.data.id };
}

/** The state of an authorization URL. */
const stateOf = (url: string) => new URL(url).searchParams.get('state')!;

/** Follows the fake's consent page: the callback URL it redirects the browser to. */
async function consent(authUrl: string): Promise<string> {
  const response = await fetch(authUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location')!;
}

/** The browser arriving at the callback: its status and where it is sent. */
async function arrive(callbackUrl: string): Promise<{ status: number; location: string | null; body: any }> {
  const response = await checkedFetch(callbackUrl, { redirect: 'manual' });
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: text ? JSON.parse(text) : undefined,
  };
}

async function authUrl(owner: Identity, organizationId: string, redirectPath = '/settings/analytics') {
  const answer = await world.http('POST', '/v1/analytics-oauth/auth-url', {
    token: owner.token,
    body: { organizationId, redirectPath },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.url as string;
}

/** The web client page the callback sent the browser to for a pending authorization: the state and code it completes with. */
function pending(
  location: string | null,
  page = 'http://localhost:5173/settings/analytics',
): { state: string; code: string } {
  const url = new URL(location!);
  expect(url.origin + url.pathname).toBe(page);
  expect(url.searchParams.get('analytics')).toBe('pending');
  return { state: url.searchParams.get('state')!, code: url.searchParams.get('code')! };
}

/** The owner's authorization given at Google (the fake) and brought back to the web client by the callback. */
async function authorized(owner: Identity, organizationId: string): Promise<{ state: string; code: string }> {
  return pending((await arrive(await consent(await authUrl(owner, organizationId)))).location);
}

/** What the web client does on its pending page: completes the authorization as the signed-in user. */
const complete = (caller: Identity, body: unknown) =>
  world.http('POST', '/v1/analytics-oauth/complete', { token: caller.token, body });

/** An organization whose owner has connected Google (the grant stored, no property yet). */
async function granted(): Promise<{ owner: Identity; organizationId: string }> {
  const org = await ownerWithOrganization();
  const done = await complete(org.owner, await authorized(org.owner, org.organizationId));
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return org;
}

/**
 * Waits for the first import select-property started in the background: polls the connection until
 * its status is no longer `importing` (the import landed, or the grant was refused), as a client would.
 */
async function firstImportLanded(organizationId: string): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (connectionView(organizationId, await getConnection(organizationId)).status !== 'importing') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the first import of ${organizationId} did not land within 30 s`);
}

/** An organization with a property selected and its first import landed. */
async function connected(): Promise<{ owner: Identity; organizationId: string }> {
  const org = await granted();
  const selected = await world.http('POST', '/v1/analytics-oauth/select-property', {
    token: org.owner.token,
    body: { organizationId: org.organizationId, propertyId: PROPERTY },
  });
  expect(selected.status, JSON.stringify(selected.body)).toBe(200);
  expect(selected.body.data.status).toBe('importing');
  await firstImportLanded(org.organizationId);
  return org;
}

/** Nothing connected: no stored grant, so select-property has none to read (409). */
async function expectNothingStored(owner: Identity, organizationId: string): Promise<void> {
  expect(await getConnection(organizationId)).toBeUndefined();
  const select = await world.http('POST', '/v1/analytics-oauth/select-property', {
    token: owner.token,
    body: { organizationId, propertyId: PROPERTY },
  });
  expect(select.status).toBe(409);
}

const report = (owner: Identity, organizationId: string, name: string, query: Record<string, string> = {}) =>
  world.http(
    'GET',
    `/v1/reporting/analytics/${name}?${new URLSearchParams({ organizationId, startDate: daysAgo(6), endDate: today(), ...query })}`,
    { token: owner.token },
  );

async function setState(state: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: analyticsKeys.state(state),
      UpdateExpression: `SET ${names.map((_n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
    }),
  );
}

describe('Analytics OAuth connection', () => {
  it("auth-url is Google's authorization URL: read-only scope, offline access, consent prompt, PKCE S256, a state", async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const url = new URL(await authUrl(owner, organizationId));
    expect(url.origin + url.pathname).toBe(`${world.service.googleAnalytics.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      scope: 'https://www.googleapis.com/auth/analytics.readonly',
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${world.service.url}/v1/analytics-oauth/callback`,
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')!.length).toBeGreaterThan(20);
  });

  it('the callback connects nothing by itself: it sends the browser to the web client with analytics=pending, the state and the code', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const url = await authUrl(owner, organizationId, '/settings/analytics?tab=google');
    const callback = await consent(url);
    const issued = world.service.googleAnalytics.issuedRefreshTokens().length;
    const back = await arrive(callback);
    expect(back.status).toBe(302);
    const page = new URL(back.location!);
    expect(page.origin + page.pathname).toBe('http://localhost:5173/settings/analytics');
    expect(Object.fromEntries(page.searchParams)).toEqual({
      tab: 'google',
      analytics: 'pending',
      state: stateOf(url),
      code: new URL(callback).searchParams.get('code'),
    });
    // No code was exchanged and no grant stored.
    expect(world.service.googleAnalytics.issuedRefreshTokens()).toHaveLength(issued);
    await expectNothingStored(owner, organizationId);
  });

  it('complete stores the grant of the user who asked; the state is single use; the refresh token is nowhere in the table', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const authorization = await authorized(owner, organizationId);
    const done = await complete(owner, authorization);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({
      data: { organizationId, status: 'awaiting_property', propertyId: null, propertyName: null, lastImportAt: null },
    });
    expect((await getConnection(organizationId))?.connectedBy).toBe(owner.userId);
    // The same completion again (a replay): the state is spent.
    const again = await complete(owner, authorization);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invalid_input', errors: [{ path: 'state' }] });
    // And the browser arriving at the callback again: the state is gone.
    expect(
      (await arrive(`${world.service.url}/v1/analytics-oauth/callback?${new URLSearchParams(authorization)}`)).status,
    ).toBe(400);

    const scan = await documentClient().send(new ScanCommand({ TableName: tableName() }));
    const table = JSON.stringify(scan.Items);
    const tokens = world.service.googleAnalytics.issuedRefreshTokens();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(table).not.toContain(token);
    // And the sealed token is stored: the connection works.
    const selected = await world.http('POST', '/v1/analytics-oauth/select-property', {
      token: owner.token,
      body: { organizationId, propertyId: PROPERTY },
    });
    expect(selected.body.data).toMatchObject({
      status: 'importing',
      propertyId: PROPERTY,
      propertyName: FAKE_PROPERTIES[0].displayName,
    });
    expect(JSON.stringify(selected.body)).not.toContain('1//fake-');
    await firstImportLanded(organizationId);
    expect(connectionView(organizationId, await getConnection(organizationId))).toMatchObject({
      status: 'connected',
      propertyId: PROPERTY,
    });
  });

  it('of two completions of one state at once, one connects and the other is refused', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const authorization = await authorized(owner, organizationId);
    const answers = await Promise.all([complete(owner, authorization), complete(owner, authorization)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("anyone but the user who asked (a co-owner, a member, another organization's owner, their agents) gets 403, and the state is spent: the rightful retry fails too", async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const coOwner = await world.signUp('Analytics co-owner');
    await addMembership(organizationId, coOwner.userId, 'owner', 'active');
    const member = await world.signUp('Analytics member');
    await addMembership(organizationId, member.userId, 'member', 'active');
    const outsider = (await ownerWithOrganization()).owner;
    const agentOf = (identity: Identity): Identity => ({ ...identity, token: world.agentToken(identity) });
    const issued = world.service.googleAnalytics.issuedRefreshTokens().length;
    for (const [who, thief] of Object.entries({ coOwner, member, outsider, 'co-owner agent': agentOf(coOwner) })) {
      const stolen = await authorized(owner, organizationId);
      const theft = await complete(thief, stolen);
      expect(theft.status, who).toBe(403);
      expect(theft.body.code, who).toBe('forbidden');
      const retry = await complete(owner, stolen);
      expect(retry.status, who).toBe(400);
      expect(retry.body.detail, who).toMatch(/unknown or was used already/);
    }
    // No code was exchanged: the grant of whoever consented is stored nowhere.
    expect(world.service.googleAnalytics.issuedRefreshTokens()).toHaveLength(issued);
    await expectNothingStored(owner, organizationId);
  });

  it('an expired state: the callback sends the browser back with expired_state, and complete refuses it (400), connecting nothing', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const url = await authUrl(owner, organizationId);
    await setState(stateOf(url), { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const callback = await consent(url);
    expect((await arrive(callback)).location).toBe(
      'http://localhost:5173/settings/analytics?analytics=error&reason=expired_state',
    );
    const late = await complete(owner, { state: stateOf(url), code: new URL(callback).searchParams.get('code') });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'invalid_input', errors: [{ path: 'state' }] });
    expect(late.body.detail).toMatch(/expired/);
    await expectNothingStored(owner, organizationId);
  });

  it('a code exchanged with the wrong PKCE verifier is refused by the token endpoint: 400 on code, nothing stored', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const url = await authUrl(owner, organizationId);
    await setState(stateOf(url), { codeVerifier: 'a'.repeat(64) });
    const answer = await complete(owner, pending((await arrive(await consent(url))).location));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_input', errors: [{ path: 'code' }] });
    await expectNothingStored(owner, organizationId);
  });

  it("a code of another authorization (another organization's, the same owner's) does not complete a state: PKCE binds them", async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const other = await world.http('POST', '/v1/organizations', {
      token: owner.token,
      body: { userId: owner.userId, name: 'Analytics Other Co' },
    });
    const mine = await authorized(owner, organizationId);
    const theirs = await authorized(owner, other.body.data.id);
    const swapped = await complete(owner, { state: mine.state, code: theirs.code });
    expect(swapped.status).toBe(400);
    expect(swapped.body.errors).toEqual([expect.objectContaining({ path: 'code' })]);
    await expectNothingStored(owner, organizationId);
  });

  it('a refused consent sends the browser back with access_denied, and stores nothing', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const state = stateOf(await authUrl(owner, organizationId));
    const callback = `${world.service.url}/v1/analytics-oauth/callback?error=access_denied&state=${encodeURIComponent(state)}`;
    expect((await arrive(callback)).location).toBe(
      'http://localhost:5173/settings/analytics?analytics=error&reason=access_denied',
    );
    expect((await complete(owner, { state })).status).toBe(400);
    await expectNothingStored(owner, organizationId);
  });

  it('a user who is no longer an owner when completing gets 403 and connects nothing', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const authorization = await authorized(owner, organizationId);
    const successor = await world.signUp('Analytics successor');
    await addMembership(organizationId, successor.userId, 'owner', 'active');
    await changeRole(organizationId, owner.userId, 'member');
    const answer = await complete(owner, authorization);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden');
    await expectNothingStored(successor, organizationId);
  });

  it('a callback without a state, or with one never issued, is 400; so is a completion without a state or code, with a forged state, or naming an organization', async () => {
    expect((await arrive(`${world.service.url}/v1/analytics-oauth/callback?code=x`)).status).toBe(400);
    expect((await arrive(`${world.service.url}/v1/analytics-oauth/callback?code=x&state=forged`)).status).toBe(400);
    const { owner, organizationId } = await ownerWithOrganization();
    const authorization = await authorized(owner, organizationId);
    for (const body of [
      { code: authorization.code },
      { state: authorization.state },
      { state: 'forged', code: authorization.code },
      { ...authorization, organizationId },
      {},
    ]) {
      const answer = await complete(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('invalid_input');
    }
    expect(await getConnection(organizationId)).toBeUndefined();
  });

  it('refuses redirect paths that would leave the web client (400)', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    const hostile = [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'settings',
      'javascript:alert(1)',
      '/a//b',
      '/%2F%2Fevil.example',
      '/\tx',
      `/${'a'.repeat(500)}`,
    ];
    for (const redirectPath of hostile) {
      const answer = await world.http('POST', '/v1/analytics-oauth/auth-url', {
        token: owner.token,
        body: { organizationId, redirectPath },
      });
      expect(answer.status, redirectPath).toBe(400);
      expect(answer.body.code).toBe('invalid_input');
    }
  });

  it('select-property refuses a property the grant cannot read (400)', async () => {
    const { owner, organizationId } = await granted();
    const answer = await world.http('POST', '/v1/analytics-oauth/select-property', {
      token: owner.token,
      body: { organizationId, propertyId: '999999999' },
    });
    expect(answer.status).toBe(400);
  });

  it('disconnect revokes the grant at Google, stops imports and keeps the days; reports answer 409', async () => {
    const { owner, organizationId } = await connected();
    // The grant this organization was just given: the newest one the fake issued.
    const token = world.service.googleAnalytics.issuedRefreshTokens().at(-1);
    expect(world.service.googleAnalytics.isLive(token!)).toBe(true);
    const answer = await world.http('POST', '/v1/analytics-oauth/disconnect', {
      token: owner.token,
      body: { organizationId },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('disconnected');
    expect(world.service.googleAnalytics.isLive(token!)).toBe(false);
    expect((await report(owner, organizationId, 'history')).body.code).toBe('analytics_not_connected');
    expect(await importAnalytics(organizationId, 3)).toBe('not_connected');
    const days = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'pk = :pk AND begins_with(sk, :day)',
        ExpressionAttributeValues: { ':pk': `TENANT#${organizationId}`, ':day': 'ANALYTICS_DAY#' },
      }),
    );
    expect(days.Items!.length).toBeGreaterThan(0);
  });
});

describe('Analytics import and reports', () => {
  it('reports answer 409 analytics_not_connected before a property is connected and imported', async () => {
    const { owner, organizationId } = await ownerWithOrganization();
    for (const name of ['history', 'hdyhau-evidence', 'direct-signals']) {
      const answer = await report(owner, organizationId, name);
      expect(answer.status, name).toBe(409);
      expect(answer.body.code).toBe('analytics_not_connected');
    }
    expect((await complete(owner, await authorized(owner, organizationId))).status).toBe(200);
    expect((await report(owner, organizationId, 'history')).status).toBe(409);
  });

  it('the first import reads 90 days; history is zero-filled over an inclusive range', async () => {
    const { owner, organizationId } = await connected();
    const history = await report(owner, organizationId, 'history', { startDate: daysAgo(95), endDate: today() });
    expect(history.status).toBe(200);
    expect(history.body.items).toHaveLength(96);
    expect(history.body.items[0]).toEqual({ date: daysAgo(95), sessions: 0, users: 0, pageViews: 0, successEvents: 0 });
    expect(history.body.items.at(-1).date).toBe(today());
    expect(history.body.items.at(-1).sessions).toBeGreaterThan(0);
    expect(history.body.items.filter((d: { sessions: number }) => d.sessions > 0)).toHaveLength(90);
    expect(history.body._meta.warnings).toEqual([]);
  });

  it('a re-import replaces the days it reads instead of adding to them', async () => {
    const { owner, organizationId } = await connected();
    const before = (await report(owner, organizationId, 'history')).body.items;
    world.service.googleAnalytics.revision += 1;
    expect(await importAnalytics(organizationId, 3)).toBe('imported');
    const once = (await report(owner, organizationId, 'history')).body.items;
    expect(await importAnalytics(organizationId, 3)).toBe('imported');
    const twice = (await report(owner, organizationId, 'history')).body.items;
    expect(twice).toEqual(once);
    // Days outside the last 3 are as the first import left them; the last 3 were revised.
    expect(once.slice(0, 4)).toEqual(before.slice(0, 4));
    expect(once.slice(4)).not.toEqual(before.slice(4));
    // One answer item per day and raw answer ("(not set)" is no answer).
    const answers = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `TENANT#${organizationId}`, ':prefix': `ANALYTICS_HDYHAU#${today()}#` },
      }),
    );
    expect(answers.Items).toHaveLength(4);
  });

  it("how-did-you-hear evidence follows the organization's mappings (one per dimension and raw value)", async () => {
    const { owner, organizationId } = await connected();
    const unmapped = (await report(owner, organizationId, 'hdyhau-evidence')).body.data;
    expect(unmapped.dimensionApiName).toBe('customEvent:how_did_you_hear');
    expect(unmapped.responses.map((r: { rawValue: string }) => r.rawValue).sort()).toEqual([
      'A friend',
      'Google search',
      'Instagram creator',
      'Podcast',
    ]);
    expect(unmapped.dataQualityFlags).toContain('unmapped_answers');
    expect(unmapped.creatorRelevance).toBe(0);
    expect(unmapped.timeline).toHaveLength(7);

    const map = (body: Record<string, unknown>) =>
      world.http('PUT', '/v1/reporting/analytics/hdyhau-mapping', {
        token: owner.token,
        body: { organizationId, dimensionApiName: 'customEvent:how_did_you_hear', ...body },
      });
    expect((await map({ rawValue: 'Instagram creator', normalizedValue: 'Instagram', category: 'paid' })).status).toBe(
      200,
    );
    const mapped = await map({
      rawValue: 'Instagram creator',
      normalizedValue: 'Instagram creator',
      category: 'creator',
    });
    expect(mapped.body.data).toMatchObject({ rawValue: 'Instagram creator', category: 'creator' });
    expect((await map({ rawValue: 'Podcast', normalizedValue: 'Podcast', category: 'nonsense' })).status).toBe(400);

    const evidence = (await report(owner, organizationId, 'hdyhau-evidence')).body.data;
    const instagram = evidence.responses.find((r: { rawValue: string }) => r.rawValue === 'Instagram creator');
    expect(instagram).toMatchObject({ category: 'creator', normalizedValue: 'Instagram creator' });
    expect(evidence.categories.find((c: { category: string }) => c.category === 'paid')).toBeUndefined();
    expect(evidence.totals.creatorSuccessEvents).toBe(instagram.successEvents);
    expect(evidence.creatorRelevance).toBeCloseTo(instagram.successEvents / evidence.totals.answeredSuccessEvents, 3);
  });

  it('direct signals: mapping to one record of the organization, a referral channel or null; ignored hidden from the default view', async () => {
    const { owner, organizationId } = await connected();
    const signals = (await report(owner, organizationId, 'direct-signals')).body.data;
    expect(signals.signals.map((s: { value: string }) => s.value).sort()).toEqual([
      'CREATOR10',
      'SPRING25',
      'creator_launch',
      'newsletter',
    ]);
    const code = signals.signals.find((s: { value: string }) => s.value === 'CREATOR10');
    expect(code).toMatchObject({
      kind: 'promo_code',
      dimensionApiName: 'orderCoupon',
      association: null,
      ignored: false,
    });
    const mapping = (signalId: string, association: unknown, token = owner.token) =>
      world.http('PUT', `/v1/reporting/analytics/direct-signals/${signalId}/mapping`, {
        token,
        body: { organizationId, association },
      });

    const creator = await createCreator(organizationId, { name: 'Signal creator' });
    expect((await mapping(code.signalId, { type: 'creator', id: creator.id })).body.data.association).toEqual({
      type: 'creator',
      id: creator.id,
    });
    const elsewhere = await ownerWithOrganization();
    const foreign = await createCreator(elsewhere.organizationId, { name: 'Foreign creator' });
    expect((await mapping(code.signalId, { type: 'creator', id: foreign.id })).status).toBe(404);
    // Another organization's signal id under this organization: not found.
    expect((await mapping('00000000-0000-5000-8000-000000000000', null)).status).toBe(404);
    for (const bad of [
      { type: 'creator' },
      { type: 'creator', id: creator.id, channel: 'paid' },
      { type: 'referral_channel', channel: 'tv' },
      { type: 'brand', id: creator.id },
      'creator',
    ]) {
      expect((await mapping(code.signalId, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const launch = signals.signals.find((s: { value: string }) => s.value === 'creator_launch');
    expect((await mapping(launch.signalId, { type: 'referral_channel', channel: 'creator' })).status).toBe(200);
    expect((await mapping(code.signalId, null)).body.data.association).toBeNull();

    const spring = signals.signals.find((s: { value: string }) => s.value === 'SPRING25');
    const ignored = await world.http('PUT', `/v1/reporting/analytics/direct-signals/${spring.signalId}/ignored`, {
      token: owner.token,
      body: { organizationId, ignored: true },
    });
    expect(ignored.body.data.ignored).toBe(true);
    const after = (await report(owner, organizationId, 'direct-signals')).body.data;
    expect(after.signals.map((s: { value: string }) => s.value)).not.toContain('SPRING25');
    expect(after.headline).toMatchObject({ signals: 3, ignored: 1, mapped: 1 });
    expect(after.headline.sessions).toBe(signals.headline.sessions - spring.sessions);
    expect(after.referralChannels).toEqual([
      expect.objectContaining({ channel: 'creator', signals: 1, sessions: launch.sessions }),
    ]);
    const all = (await report(owner, organizationId, 'direct-signals', { includeIgnored: 'true' })).body.data;
    expect(all.signals.map((s: { value: string }) => s.value)).toContain('SPRING25');
  });

  it('POST /local/jobs/import-analytics re-reads every connected organization at once', async () => {
    const { owner, organizationId } = await connected();
    const response = await fetch(`${world.service.url}/local/jobs/import-analytics`, { method: 'POST' });
    const counts = (await response.json()) as { imported: number };
    expect(counts.imported).toBeGreaterThanOrEqual(1);
    expect((await report(owner, organizationId, 'history')).status).toBe(200);
  });

  it("a revoked grant marks the connection needs_reconnect, named in every report's warnings", async () => {
    const { owner, organizationId } = await connected();
    world.service.googleAnalytics.revokeAll();
    expect(await importAnalytics(organizationId, 3)).toBe('needs_reconnect');
    for (const name of ['history', 'hdyhau-evidence', 'direct-signals']) {
      const answer = await report(owner, organizationId, name);
      expect(answer.status).toBe(200);
      expect(answer.body._meta.warnings.join(' ')).toContain('needs_reconnect');
    }
  });

  it('a property without the how-did-you-hear custom dimension still imports its days, and the reports say the dimension is missing', async () => {
    const fake = world.service.googleAnalytics;
    fake.customDimensions.delete('customEvent:how_did_you_hear');
    try {
      const { owner, organizationId } = await connected();
      const history = await report(owner, organizationId, 'history');
      expect(history.body.items.at(-1).sessions).toBeGreaterThan(0);
      expect(history.body._meta.warnings.join(' ')).toContain('hdyhau_dimension_missing');
      const evidence = await report(owner, organizationId, 'hdyhau-evidence');
      expect(evidence.body.data.responses).toEqual([]);
      expect(evidence.body.data.dataQualityFlags).toContain('no_answers');
    } finally {
      fake.customDimensions.add('customEvent:how_did_you_hear');
    }
  });

  it('select-property answers before its first import has read anything: importing, reports 409, then the 90 days once it lands', async () => {
    const fake = world.service.googleAnalytics;
    const { owner, organizationId } = await granted();
    // Every Data API report of the import waits this long: the answer cannot have waited for them.
    fake.reportDelayMs = 3_000;
    try {
      const selected = await world.http('POST', '/v1/analytics-oauth/select-property', {
        token: owner.token,
        body: { organizationId, propertyId: PROPERTY },
      });
      expect(selected.status).toBe(200);
      expect(selected.body.data).toMatchObject({ status: 'importing', propertyId: PROPERTY, lastImportAt: null });
      expect((await report(owner, organizationId, 'history')).body.code).toBe('analytics_not_connected');
      await firstImportLanded(organizationId);
    } finally {
      fake.reportDelayMs = 0;
    }
    expect((await getConnection(organizationId))?.status).toBe('connected');
    const history = await report(owner, organizationId, 'history', { startDate: daysAgo(89), endDate: today() });
    expect(history.status).toBe(200);
    expect(history.body.items.every((d: { sessions: number }) => d.sessions > 0)).toBe(true);
  }, 60_000);

  it('in the cloud nothing imports at selection: the scheduled run backfills 90 days of a property selected and not imported yet', async () => {
    const { owner, organizationId } = await granted();
    // What select-property stores, without the local in-process start: the cloud's state after it answered.
    await setConnected(organizationId, PROPERTY, FAKE_PROPERTIES[0].displayName, { backfill: true });
    expect(connectionView(organizationId, await getConnection(organizationId)).status).toBe('importing');
    expect((await report(owner, organizationId, 'history')).body.code).toBe('analytics_not_connected');
    await importAllConnected();
    expect(connectionView(organizationId, await getConnection(organizationId)).status).toBe('connected');
    const history = await report(owner, organizationId, 'history', { startDate: daysAgo(89), endDate: today() });
    expect(history.status).toBe(200);
    expect(history.body.items.every((d: { sessions: number }) => d.sessions > 0)).toBe(true);
  }, 60_000);

  it('a spent quota is retried with backoff, then left to the next run', async () => {
    const { organizationId } = await connected();
    const fake = world.service.googleAnalytics;
    fake.quotaFailures = 1;
    expect(await importAnalytics(organizationId, 3, { backoffMs: [10, 10] })).toBe('imported');
    fake.quotaFailures = 1000;
    expect(await importAnalytics(organizationId, 3, { backoffMs: [10, 10] })).toBe('rate_limited');
    fake.quotaFailures = 0;
  });
});
