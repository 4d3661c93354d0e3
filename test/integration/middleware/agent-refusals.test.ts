/**
 * docs/decisions.md "Identity and tokens": an agent token may not set up what outlives it (403) —
 * register a webhook endpoint, change an endpoint's url, rotate its secret, or invite or promote
 * anyone to owner — on the organization and workspace routes alike, while its user may, and the
 * agent may still do the rest of those routes (other fields, other roles). Nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { putMembership } from '../../support/memberships.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { signUp } from '../../support/users.ts';
import { newEndpoint, PUBLIC_URL } from '../webhooks/helpers.ts';
import { expectProblem } from './helpers.ts';

const agentOf = (org: Org) => tokenFor(org.owner.userId, { agent: true });

describe('agent tokens and webhook endpoints', () => {
  it('may not register an endpoint (403, none stored); the owner may', async () => {
    const org = await newOrg();
    const body = { organizationId: org.organizationId, url: PUBLIC_URL, events: ['member.joined'] };
    expectProblem(await call('POST', '/v1/webhooks/endpoints', { token: agentOf(org), body }), 403, 'forbidden');
    const listed = await call(
      'GET',
      `/v1/webhooks/endpoints?organizationId=${org.organizationId}&pageIndex=0&pageSize=10`,
      { token: agentOf(org) },
    );
    expect(listed.body.items).toEqual([]);
    expect((await call('POST', '/v1/webhooks/endpoints', { token: org.owner.token, body })).status).toBe(201);
  });

  it("may not change an endpoint's url, alone or beside other fields, but may change the rest", async () => {
    const org = await newOrg();
    const endpoint = await newEndpoint(org);
    const path = `/v1/webhooks/endpoints/${endpoint.id}`;
    for (const body of [
      { url: 'https://93.184.215.15/elsewhere' },
      { url: PUBLIC_URL },
      { description: 'x', url: 'https://93.184.215.15/elsewhere' },
    ]) {
      const res = await call('PATCH', path, { token: agentOf(org), body });
      expectProblem(res, 403, 'forbidden');
      expect(res.body.detail).toBe('Agent access tokens may not set url.');
    }
    const changed = await call('PATCH', path, {
      token: agentOf(org),
      body: { description: 'By the agent', enabled: false, events: ['member.joined'] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ url: PUBLIC_URL, description: 'By the agent', enabled: false });
    expect(
      (await call('PATCH', path, { token: org.owner.token, body: { url: 'https://93.184.215.15/elsewhere' } })).status,
    ).toBe(200);
  });

  it("may not rotate an endpoint's secret; the owner may", async () => {
    const org = await newOrg();
    const endpoint = await newEndpoint(org);
    const path = `/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`;
    expectProblem(await call('POST', path, { token: agentOf(org) }), 403, 'forbidden');
    const got = await call('GET', `/v1/webhooks/endpoints/${endpoint.id}`, { token: org.owner.token });
    expect(got.body.data.previousSecretExpiresAt ?? null).toBeNull();
    expect((await call('POST', path, { token: org.owner.token })).status).toBe(200);
  });
});

describe('agent tokens and owners', () => {
  for (const kind of ['organizations', 'workspaces'] as const) {
    const scope = kind === 'organizations' ? 'organizationId' : 'workspaceId';

    it(`may not invite anyone as owner on ${kind} (403, no invitation sent), but may invite a member`, async () => {
      const org = await newOrg();
      const invite = (role: string, email: string) =>
        call('POST', `/v1/${kind}/${org.organizationId}/invites`, { token: agentOf(org), body: { email, role } });
      const refusedTo = `owner-${crypto.randomUUID()}@example.com`;
      const refused = await invite('owner', refusedTo);
      expectProblem(refused, 403, 'forbidden');
      expect(refused.body.detail).toBe('Agent access tokens may not set role to owner.');
      expect((await listOutbox(1000)).filter((e) => e.to === refusedTo)).toEqual([]);
      expect((await invite('member', `member-${crypto.randomUUID()}@example.com`)).status).toBe(201);
      expect(
        (
          await call('POST', `/v1/${kind}/${org.organizationId}/invites`, {
            token: org.owner.token,
            body: { email: `o-${crypto.randomUUID()}@example.com`, role: 'owner' },
          })
        ).status,
      ).toBe(201);
    });

    it(`may not add an owner or promote a member to owner on ${kind}, but may add and change other roles`, async () => {
      const org = await newOrg();
      const [newcomer, member] = [await signUp('Newcomer'), await signUp('Member')];
      await putMembership({ tenantId: org.organizationId, userId: member.userId, role: 'member' });
      const add = (userId: string, role: string) =>
        call('POST', `/v1/${kind}/${org.organizationId}/users`, {
          token: agentOf(org),
          body: { [scope]: org.organizationId, userId, role },
        });
      const change = (userId: string, role: string) =>
        call('PATCH', `/v1/${kind}/${org.organizationId}/users/${userId}`, { token: agentOf(org), body: { role } });

      expectProblem(await add(newcomer.userId, 'owner'), 403, 'forbidden');
      expectProblem(await change(member.userId, 'owner'), 403, 'forbidden');
      const members = await call('GET', `/v1/${kind}/${org.organizationId}/users?pageIndex=0&pageSize=10`, {
        token: org.owner.token,
      });
      expect(members.body.items.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);

      expect((await add(newcomer.userId, 'viewer')).status).toBe(201);
      expect((await change(member.userId, 'viewer')).status).toBe(200);
      expect(
        (
          await call('PATCH', `/v1/${kind}/${org.organizationId}/users/${member.userId}`, {
            token: org.owner.token,
            body: { role: 'owner' },
          })
        ).status,
      ).toBe(200);
    });
  }
});
