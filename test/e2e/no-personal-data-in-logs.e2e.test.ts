/**
 * No personal data in any log line (docs/operate.md): starts the local service in-process with its logs
 * captured (LOG_LEVEL=info, every console method and stdout/stderr), walks the README over HTTP
 * (token, user, organization, an invitation by email, an email change and its code, a creator with
 * names, a billing checkout paid through the fake Stripe and its webhook, an analytics connection
 * through the fake Google, bad inputs carrying an email and a name, a 401 with a bearer token),
 * runs the jobs that act on what it did (metric refresh, analytics import), then scans every
 * captured line for each email, name, token, secret and code it used.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi, type MockInstance } from 'vitest';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';
import { httpAgainst } from './support/world.ts';

let service: LocalService;
const lines: string[] = [];
const spies: MockInstance[] = [];
const savedLevel = process.env.LOG_LEVEL;

function capture(): void {
  const keep = (...args: unknown[]) => void lines.push(...args.map(String).join(' ').split('\n').filter(Boolean));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    spies.push(vi.spyOn(console, method).mockImplementation(keep));
  for (const stream of [process.stdout, process.stderr])
    spies.push(
      vi.spyOn(stream, 'write').mockImplementation((chunk) => {
        keep(chunk);
        return true;
      }),
    );
}

beforeAll(async () => {
  process.env.LOG_LEVEL = 'info';
  capture();
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
});

afterAll(async () => {
  await service?.stop();
  for (const spy of spies) spy.mockRestore();
  process.env.LOG_LEVEL = savedLevel;
});

const http = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  httpAgainst(service.url)(method, path, options);

/** A browser GET that does not follow redirects: where it is sent. */
async function location(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  expect([302, 303], url).toContain(response.status);
  return response.headers.get('location')!;
}

const emailed = async (kind: string, to: string) =>
  (await http('GET', '/local/outbox')).body.items.find(
    (e: { kind: string; to: string }) => e.kind === kind && e.to === to,
  );

describe('logs of a walk through the service', () => {
  it('hold no email, name, token, secret or code the walk used', async () => {
    const tag = randomUUID().slice(0, 8);
    const userId = randomUUID();
    const personal: Record<string, string> = {
      email: `zelda.quartermaine-${tag}@example.com`,
      name: `Zelda Quartermaine${tag}`,
      newEmail: `zelda.new-${tag}@example.org`,
      inviteeEmail: `ignatius.invitee-${tag}@example.net`,
      organizationName: `Quartermaine Holdings ${tag}`,
      creatorName: `Cornelius Creatorsson${tag}`,
      creatorEmail: `cornelius-${tag}@example.com`,
      badEmail: `bartholomew.bad-${tag}@example.com`,
      badName: `Bartholomew Badinput${tag}`,
    };

    // README: a token for the email, the user record, read back.
    const minted = await http('POST', '/local/token', { body: { userId, email: personal.email, name: personal.name } });
    const token = minted.body.accessToken as string;
    personal.token = token;
    personal.tokenSignature = token.split('.')[2]!;
    expect(
      (await http('POST', '/v1/users', { token, body: { userId, email: personal.email, name: personal.name } })).status,
    ).toBe(201);
    expect((await http('GET', `/v1/users/${userId}`, { token })).status).toBe(200);

    // An organization, an invitation by email, a creator with names.
    const organization = await http('POST', '/v1/organizations', {
      token,
      body: { userId, name: personal.organizationName },
    });
    expect(organization.status, JSON.stringify(organization.body)).toBe(201);
    const organizationId = organization.body.data.id as string;
    expect(
      (
        await http('POST', `/v1/organizations/${organizationId}/invites`, {
          token,
          body: { email: personal.inviteeEmail, role: 'member' },
        })
      ).status,
    ).toBe(201);
    const creator = await http('POST', '/v1/creators', {
      token,
      body: { workspaceId: organizationId, name: personal.creatorName, email: personal.creatorEmail },
    });
    expect(creator.status, JSON.stringify(creator.body)).toBe(201);

    // An email change, confirmed with the emailed code.
    expect(
      (await http('POST', `/v1/users/${userId}/change-email`, { token, body: { newEmail: personal.newEmail } })).status,
    ).toBe(200);
    personal.emailCode = (await emailed('email_change', personal.newEmail!)).data.token;
    expect(
      (await http('POST', `/v1/users/${userId}/confirm-email-change`, { token, body: { code: personal.emailCode } }))
        .status,
    ).toBe(200);

    // A billing checkout, paid on the fake's page: its signed webhook reaches the service.
    const checkout = await http('POST', '/v1/billing/checkout-session', {
      token,
      body: { organizationId, plan: 'starter' },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    await location(checkout.body.data.url);
    expect((await http('GET', `/v1/organizations/${organizationId}`, { token })).body.data.billing).toMatchObject({
      status: 'active',
    });

    // An analytics connection: consent, the callback, completion with the state and code, a property.
    const authUrl = await http('POST', '/v1/analytics-oauth/auth-url', {
      token,
      body: { organizationId, redirectPath: '/settings/analytics' },
    });
    expect(authUrl.status, JSON.stringify(authUrl.body)).toBe(200);
    const pending = new URL(await location(await location(authUrl.body.data.url)));
    personal.oauthState = pending.searchParams.get('state')!;
    personal.oauthCode = pending.searchParams.get('code')!;
    const completed = await http('POST', '/v1/analytics-oauth/complete', {
      token,
      body: { state: personal.oauthState, code: personal.oauthCode },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const [property] = (await http('GET', '/local/analytics/properties')).body.items;
    expect(
      (
        await http('POST', '/v1/analytics-oauth/select-property', {
          token,
          body: { organizationId, propertyId: property.propertyId },
        })
      ).status,
    ).toBe(200);

    // The jobs that act on it.
    expect((await http('POST', '/local/jobs/import-analytics')).status).toBe(200);
    expect((await http('POST', '/local/jobs/refresh-metrics')).status).toBe(200);

    // Bad inputs carrying an email and a name, and a 401 with a bearer token.
    const bad = [
      await http('POST', '/v1/users', {
        token,
        body: { userId: 'not-a-uuid', email: personal.badEmail, name: personal.badName, extra: personal.badEmail },
      }),
      await http('PATCH', `/v1/users/${userId}`, {
        token,
        body: { name: { first: personal.badName }, email: `${personal.badName} <${personal.badEmail}>` },
      }),
      await http('POST', `/v1/organizations/${organizationId}/invites`, {
        token,
        body: { email: `${personal.badName} ${personal.badEmail}`, role: 'emperor' },
      }),
      await http('POST', '/v1/creators', {
        token,
        body: {
          workspaceId: organizationId,
          name: personal.badName,
          email: personal.badName,
          unknown: personal.badEmail,
        },
      }),
      await http('POST', '/local/token', { body: { userId: personal.badName, email: personal.badEmail } }),
    ];
    for (const answer of bad) expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect((await http('GET', `/v1/users/${userId}`, { token: `${token}x` })).status).toBe(401);
    expect(
      (await http('GET', `/v1/users/${userId}`, { token: `${personal.badEmail}.${personal.badName}` })).status,
    ).toBe(401);

    const secrets = {
      ...personal,
      stripeSecretKey: process.env.STRIPE_SECRET_KEY!,
      stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET!,
      googleClientSecret: process.env.GOOGLE_CLIENT_SECRET!,
    };
    // The capture works: the walk's requests were logged, as JSON lines.
    const requests = lines.filter((line) => line.includes('"message":"request"'));
    expect(requests.length).toBeGreaterThanOrEqual(15);
    const hits = Object.entries(secrets).flatMap(([what, value]) => {
      expect(value, what).toBeTruthy();
      return lines.filter((line) => line.toLowerCase().includes(value.toLowerCase())).map((line) => `${what}: ${line}`);
    });
    expect(hits).toEqual([]);
    // The walk runs a 90-day analytics import and a metric refresh: about 4 s idle, 20 s and more
    // while the rest of the suite loads DynamoDB Local.
  }, 120_000);
});
