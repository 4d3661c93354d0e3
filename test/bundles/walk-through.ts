/**
 * The README's "Run it locally" walk-through (mint a token, create the user 201, read it back 200)
 * and one or two representative calls of every route group, over HTTP: what the built-bundle test
 * runs through the deployed bundles. Each unexpected answer fails with `explain()` appended (the
 * failing functions' logs).
 */
import { randomUUID } from 'node:crypto';

/** `status` default: 201 for a POST (these create), 200 otherwise. */
type Call = (
  method: string,
  path: string,
  options?: { token?: string; body?: unknown; status?: number },
) => Promise<any>;

function caller(base: string, explain: () => string): Call {
  return async (method, path, { token, body, status } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const expected = status ?? (method === 'POST' ? 201 : 200);
    if (response.status !== expected)
      throw new Error(
        `${method} ${path} answered ${response.status}, not ${expected}: ${text.slice(0, 500)}\n${explain()}`,
      );
    return text ? JSON.parse(text) : undefined;
  };
}

/** The README walk-through; answers the user's token. */
export async function walkThrough(base: string, explain: () => string): Promise<{ token: string; userId: string }> {
  const userId = randomUUID();
  const email = `you-${userId.slice(0, 8)}@example.com`;
  const minted = await fetch(`${base}/local/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, email, name: 'You' }),
  });
  if (minted.status !== 200) throw new Error(`POST /local/token answered ${minted.status}`);
  const { accessToken: token } = (await minted.json()) as { accessToken: string };
  const call = caller(base, explain);
  await call('POST', '/v1/users', { token, body: { userId, email, name: 'You' } });
  const user = await call('GET', `/v1/users/${userId}`, { token });
  if (JSON.stringify(user).indexOf(email) < 0)
    throw new Error(`GET /v1/users/${userId} does not show the user's email: ${JSON.stringify(user)}`);
  return { token, userId };
}

const id = (reply: any): string => reply.data?.id ?? reply.id;

/** One or two calls of every route group, as the user of `walkThrough`; answers the groups it called. */
export async function smokeEveryGroup(
  base: string,
  { token, userId }: { token: string; userId: string },
  explain: () => string,
): Promise<string[]> {
  const call = caller(base, explain);
  const groups = new Set<string>(['users']);
  const as = (group: string) => {
    groups.add(group);
    return (method: string, path: string, body?: unknown, status?: number) =>
      call(method, path, { token, ...(body !== undefined ? { body } : {}), ...(status ? { status } : {}) });
  };
  const organizationId = id(await as('organizations')('POST', '/v1/organizations', { userId, name: 'Bundle Co' }));
  await as('organizations')('GET', `/v1/organizations?userId=${userId}&pageIndex=0&pageSize=10`);
  await as('workspaces')('GET', `/v1/workspaces?userId=${userId}&pageIndex=0&pageSize=10`);
  const scope = `organizationId=${organizationId}`;
  await as('creators')('POST', '/v1/creators', { workspaceId: organizationId, name: 'Bundle creator' });
  await as('creators')('GET', `/v1/creators?workspaceId=${organizationId}&pageIndex=0&pageSize=10`);
  const activityId = id(
    await as('activities')('POST', '/v1/activities', {
      organizationId,
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Bundle video',
    }),
  );
  await as('activities')('GET', `/v1/activities/${activityId}`);
  await as('costs')('GET', `/v1/costs/stats?${scope}`);
  await as('expense-categories')('POST', '/v1/expense-categories', { organizationId, name: 'Bundle travel' });
  await as('notes')('POST', '/v1/notes', {
    organizationId,
    entityType: 'activity',
    entityId: activityId,
    content: 'Bundle note',
  });
  await as('campaigns')('POST', '/v1/campaigns', { organizationId, name: 'Bundle campaign' });
  // Writes the object to the S3 emulator, and its record.
  await as('files')('POST', '/v1/files', {
    organizationId,
    ownerType: 'activity',
    ownerId: activityId,
    fileName: 'bundle.md',
    contentType: 'text/markdown',
    content: '# Bundle\n',
  });
  await as('outcomes')('POST', '/v1/outcomes/definitions', {
    organizationId,
    name: 'Bundle signups',
    valueKind: 'count',
  });
  await as('reporting')('GET', `/v1/reporting/organization/metrics?${scope}`);
  // A report link, and its page (the one function without an authorizer) read through it as JSON.
  const link = await as('report-links')('POST', '/v1/report-links', { organizationId }, 201);
  const reportToken = String((link as any).data.url).split('/r/')[1];
  await as('report-links')('GET', `/r/${reportToken}?format=json`);
  // Stripe's settings and Google's client: only these functions have them.
  await as('billing')('POST', '/v1/billing/checkout-session', { organizationId, plan: 'starter' }, 200);
  await as('analytics-oauth')(
    'POST',
    '/v1/analytics-oauth/auth-url',
    { organizationId, redirectPath: '/settings/analytics' },
    200,
  );
  // Queued only: through the bundles nothing runs it (the local runner lives in npm start's own process).
  const exportId = id(
    await as('exports')('POST', '/v1/exports', { organizationId, kind: 'campaigns', format: 'csv' }, 202),
  );
  await as('exports')('GET', `/v1/exports/${exportId}`);
  // The signing secret is sealed with the token key's local stand-in; deliveries go to 127.0.0.1 only here.
  await as('webhooks')('POST', '/v1/webhooks/endpoints', {
    organizationId,
    url: 'http://127.0.0.1:9/bundle',
    events: ['member.joined'],
  });
  return [...groups];
}
