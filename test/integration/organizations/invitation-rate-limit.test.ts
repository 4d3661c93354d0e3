/**
 * Invitation emails are limited per tenant: 50 per fixed hour window, counted in the same
 * transaction as the invitation and its email, so the 51st is 429 `rate_limited` with Retry-After
 * and writes nothing, an invitation that fails does not use up the quota, and other tenants are
 * unaffected. The organization and workspace invite routes share one tenant's quota.
 *
 * And per recipient address, across tenants (tenants are cheap to make): 20 a day (UTC), whatever
 * the case of the address. The clock is frozen an hour and 30 s before a UTC day ends, so the
 * day's Retry-After (3630 s) is told apart from the hour's (30 s).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { call, type CallResult } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, newOrganization, signUpWithEmail } from './helpers.ts';

const address = () => `rate-${randomUUID()}@example.com`;

const inviteToOrganization = (owner: TestUser, tenantId: string, email: string) =>
  call('POST', `/v1/organizations/${tenantId}/invites`, { token: owner.token, body: { email, role: 'viewer' } });
const inviteToWorkspace = (owner: TestUser, tenantId: string, email: string) =>
  call('POST', `/v1/workspaces/${tenantId}/invites`, { token: owner.token, body: { email, role: 'viewer' } });

/** Sends `n` invitations to new addresses, each of which must succeed. */
async function inviteMany(owner: TestUser, tenantId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await inviteToOrganization(owner, tenantId, address());
    expect(res.status, `invitation ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
  }
}

async function storedInvitation(tenantId: string, email: string) {
  return (
    await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.invitation(tenantId, email), ConsistentRead: true }),
    )
  ).Item;
}

describe('invitation rate limit per tenant', () => {
  it('lets 50 invitations through; the 51st (on either route) is 429 with Retry-After and writes no invitation or email', async () => {
    const owner = await signUp('Rate Owner');
    const tenantId = await newOrganization(owner, 'Busy Co');
    await inviteMany(owner, tenantId, 50);

    for (const invite of [inviteToOrganization, inviteToWorkspace]) {
      const email = address();
      const before = Date.now();
      const res = await invite(owner, tenantId, email);
      expectProblem(res, 429, 'rate_limited');
      expect(res.body.detail).toMatch(/50 invitations/);
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter), res.headers['retry-after']).toBe(true);
      // Seconds until the current hour window ends.
      const windowEnd = (Math.floor(before / 3_600_000) + 1) * 3_600_000;
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(Math.ceil((windowEnd - before) / 1000) + 1);
      expect(retryAfter).toBeGreaterThanOrEqual(Math.floor((windowEnd - Date.now()) / 1000) - 1);
      expect(await storedInvitation(tenantId, email)).toBeUndefined();
      expect((await listOutbox()).filter((e) => e.to === email)).toEqual([]);
    }

    // Another tenant, even of the same owner, has its own quota.
    const other = await newOrganization(owner, 'Quiet Co');
    expect((await inviteToWorkspace(owner, other, address())).status).toBe(201);
  });

  it("does not count invitations that fail: a member's address (409) or one whose invitation was accepted (409 in the transaction)", async () => {
    const owner = await signUp('Careful Owner');
    const tenantId = await newOrganization(owner, 'Careful Co');
    const member = await signUp('Member');
    await addMember(tenantId, owner, member, 'member');

    // An invitation accepted, then its member removed: inviting that address again is refused by the invitation write itself.
    const former = await signUpWithEmail(address(), 'Former');
    expect((await inviteToOrganization(owner, tenantId, former.email)).status).toBe(201);
    const accepted = await call('POST', `/v1/organizations/invites/${tenantId}/accept`, {
      token: former.token,
      body: { userId: former.userId },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(
      (await call('DELETE', `/v1/organizations/${tenantId}/users/${former.userId}`, { token: owner.token })).status,
    ).toBe(200);

    for (let i = 0; i < 3; i++) {
      expectProblem(await inviteToOrganization(owner, tenantId, former.email), 409, 'conflict');
      expectProblem(await inviteToOrganization(owner, tenantId, member.email), 409, 'conflict');
    }
    // One invitation used so far: 49 more pass, then the limit.
    await inviteMany(owner, tenantId, 49);
    expectProblem(await inviteToOrganization(owner, tenantId, address()), 429, 'rate_limited');
  });
});

const DAY = 86_400_000;
/** An hour and 30 s before the current UTC day began: in the past, and not the day's last hour. */
const beforeDayEnds = () => Math.floor(Date.now() / DAY) * DAY - 3_630_000;

function expectRetryAfter(res: CallResult, seconds: number, detail: RegExp): void {
  expectProblem(res, 429, 'rate_limited');
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.body.detail).toMatch(detail);
}

const emailsTo = async (to: string) => (await listOutbox(1000)).filter((e) => e.to.toLowerCase() === to.toLowerCase());

describe('invitation rate limit per recipient address', () => {
  it('lets an address receive 20 invitations a day from any tenants, on either route and in any case; the 21st is 429 until the day ends and writes nothing', async () => {
    const target = `target-${randomUUID()}@example.com`;
    const owners = await Promise.all([1, 2, 3, 4].map((n) => signUp(`Inviter ${n}`)));
    const tenants = await Promise.all(owners.map((owner, n) => newOrganization(owner, `Inviter Co ${n}`)));
    const at = beforeDayEnds();
    await atInstant(at, async () => {
      // 7 + 7 + 6 from three tenants: renewals of one invitation each, every one an email.
      for (let i = 0; i < 20; i++) {
        const n = i % 3;
        const spelled = [target, target.toUpperCase(), target.replace('target', 'Target')][i % 3]!;
        const invite = i % 2 ? inviteToWorkspace : inviteToOrganization;
        const res = await invite(owners[n]!, tenants[n]!, spelled);
        expect(res.status, `invitation ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
      }
      expectRetryAfter(await inviteToOrganization(owners[3]!, tenants[3]!, target), 3630, /20 invitations/);
      expectRetryAfter(await inviteToWorkspace(owners[0]!, tenants[0]!, target.toUpperCase()), 3630, /20 invitations/);
      expect(await storedInvitation(tenants[3]!, target)).toBeUndefined();
      expect(await emailsTo(target)).toHaveLength(20);
      // The refused tenant's own quota was not used, and other addresses are unaffected.
      await inviteMany(owners[3]!, tenants[3]!, 50);
    });
    // Another hour of the same day: still the day's window.
    await atInstant(at + 60_000, async () => {
      expectRetryAfter(await inviteToOrganization(owners[1]!, tenants[1]!, target), 3570, /20 invitations/);
    });
    await atInstant(at + 3_631_000, async () => {
      expect((await inviteToOrganization(owners[1]!, tenants[1]!, target)).status).toBe(201);
    });
  });

  it('answers the later of two full windows: an organization at its hourly limit inviting an address at its daily one waits for the day', async () => {
    const target = `both-${randomUUID()}@example.com`;
    const owner = await signUp('Both Limits');
    const [busy, other] = [await newOrganization(owner, 'Busy'), await newOrganization(owner, 'Other')];
    await atInstant(beforeDayEnds(), async () => {
      for (let i = 0; i < 20; i++) expect((await inviteToOrganization(owner, other, target)).status).toBe(201);
      await inviteMany(owner, busy, 50);
      expectRetryAfter(await inviteToOrganization(owner, busy, target), 3630, /20 invitations/);
      expectRetryAfter(await inviteToOrganization(owner, busy, address()), 30, /50 invitations/);
    });
  });

  it('counts concurrent invitations to one address atomically: of 25 at once from 5 tenants, 20 are sent', async () => {
    const target = `race-${randomUUID()}@example.com`;
    const owners = await Promise.all([1, 2, 3, 4, 5].map((n) => signUp(`Racer ${n}`)));
    const tenants = await Promise.all(owners.map((owner) => newOrganization(owner, 'Racing Co')));
    await atInstant(beforeDayEnds(), async () => {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          inviteToOrganization(owners[i % 5]!, tenants[i % 5]!, i % 2 ? target : target.toUpperCase()),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      expect(await emailsTo(target)).toHaveLength(20);
    });
  });
});
