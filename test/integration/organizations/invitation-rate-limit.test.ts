/**
 * Invitation emails are limited per tenant: 50 per fixed hour window, counted in the same
 * transaction as the invitation and its email, so the 51st is 429 `rate_limited` with Retry-After
 * and writes nothing, an invitation that fails does not use up the quota, and other tenants are
 * unaffected. The organization and workspace invite routes share one tenant's quota.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/client.ts';
import { keys } from '../../../shared/db/keys.ts';
import { listOutbox } from '../../../shared/db/outbox.ts';
import { call } from '../../support/call.ts';
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
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.invitation(tenantId, email), ConsistentRead: true }))).Item;
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

  it('does not count invitations that fail: a member\'s address (409) or one whose invitation was accepted (409 in the transaction)', async () => {
    const owner = await signUp('Careful Owner');
    const tenantId = await newOrganization(owner, 'Careful Co');
    const member = await signUp('Member');
    await addMember(tenantId, owner, member, 'member');

    // An invitation accepted, then its member removed: inviting that address again is refused by the invitation write itself.
    const former = await signUpWithEmail(address(), 'Former');
    expect((await inviteToOrganization(owner, tenantId, former.email)).status).toBe(201);
    const accepted = await call('POST', `/v1/organizations/invites/${tenantId}/accept`, { token: former.token, body: { userId: former.userId } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await call('DELETE', `/v1/organizations/${tenantId}/users/${former.userId}`, { token: owner.token })).status).toBe(200);

    for (let i = 0; i < 3; i++) {
      expectProblem(await inviteToOrganization(owner, tenantId, former.email), 409, 'conflict');
      expectProblem(await inviteToOrganization(owner, tenantId, member.email), 409, 'conflict');
    }
    // One invitation used so far: 49 more pass, then the limit.
    await inviteMany(owner, tenantId, 49);
    expectProblem(await inviteToOrganization(owner, tenantId, address()), 429, 'rate_limited');
  });
});
