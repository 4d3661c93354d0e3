/** Invitations: invite by email, accept, decline and process-signup, against DynamoDB Local. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMembership } from '../../../shared/db/tenancy/memberships.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { createTenant, getTenantCounts, markTenantDeleted, updateTenant } from '../../../shared/db/tenancy/tenants.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { addMember, newOrganization, organizationsOf, signUpWithEmail } from './helpers.ts';

const invite = (orgId: string, body: Record<string, unknown>, token: string) =>
  call('POST', `/v1/organizations/${orgId}/invites`, { token, body });
const accept = (orgId: string, user: TestUser, userId = user.userId) =>
  call('POST', `/v1/organizations/invites/${orgId}/accept`, { token: user.token, body: { user_id: userId } });
const decline = (orgId: string, user: TestUser) =>
  call('POST', `/v1/organizations/invites/${orgId}/decline`, { token: user.token, body: { userId: user.userId } });
const processSignup = (user: TestUser) =>
  call('POST', '/v1/organizations/invites/process-signup', { token: user.token, body: { userId: user.userId } });

describe('POST /v1/organizations/:id/invites', () => {
  it('stores the invitation (201) and emails it through the outbox with the organizationId', async () => {
    const owner = await signUp();
    const orgId = await newOrganization(owner, 'Invite Co');
    const email = `new-${randomUUID()}@example.com`;
    const res = await invite(orgId, { email, role: 'member', organization_id: orgId }, owner.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      organizationId: orgId,
      email,
      role: 'member',
      status: 'pending',
      invitedBy: owner.userId,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const sent = (await listOutbox()).filter((e) => e.to === email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'invitation',
      data: expect.objectContaining({ organizationId: orgId, role: 'member' }),
    });
    expect(sent[0]!.subject).toBe(INVITATION_SUBJECT);
    expect(sent[0]!.text).toContain(
      `the organization named "Invite Co" by the account ${owner.email.replace('@', '[@]').replaceAll('.', '[.]')} as member.`,
    );
  });

  it('validates email and role, and is owner only (403 member/viewer, 404 non-member)', async () => {
    const owner = await signUp();
    const member = await signUp();
    const viewer = await signUp();
    const orgId = await newOrganization(owner);
    await addMember(orgId, owner, member, 'member');
    await addMember(orgId, owner, viewer, 'viewer');
    const email = `x-${randomUUID()}@example.com`;
    expectProblem(
      await invite(orgId, { email: 'not-an-email', role: 'member' }, owner.token),
      400,
      'invalid_input',
      'any',
    );
    expectProblem(await invite(orgId, { email, role: 'boss' }, owner.token), 400, 'invalid_input', 'any');
    expectProblem(await invite(orgId, { email }, owner.token), 400, 'invalid_input', 'any');
    expectProblem(await invite(orgId, { email, role: 'member' }, member.token), 403, 'forbidden');
    expectProblem(await invite(orgId, { email, role: 'member' }, viewer.token), 403, 'forbidden');
    expectProblem(await invite(orgId, { email, role: 'member' }, (await signUp()).token), 404, 'not_found');
    expect((await listOutbox()).filter((e) => e.to === email)).toEqual([]);
  });
});

/** The invitation email's subject: the service's words only, whatever the organization is called. */
const INVITATION_SUBJECT = 'You have been invited to join an organization';

describe('the invitation email, for an organization whose name reads as a message or a link', () => {
  /** The name as the email quotes it: the text between the quotes of `named "..." by`. */
  async function quotedName(name: string, write: 'api' | 'stored' = 'api') {
    const owner = await signUp();
    const orgId = await newOrganization(owner, 'Placeholder');
    // A name stored before today's input rules (or by another path) is quoted as safely.
    if (write === 'stored') await updateTenant(orgId, { name });
    else
      expect((await call('PATCH', `/v1/organizations/${orgId}`, { token: owner.token, body: { name } })).status).toBe(
        200,
      );
    const email = `hostile-${randomUUID()}@example.com`;
    expect((await invite(orgId, { email, role: 'viewer' }, owner.token)).status).toBe(201);
    const [sent] = (await listOutbox()).filter((e) => e.to === email);
    expect(sent!.subject).toBe(INVITATION_SUBJECT);
    // No link a mail client could make: no scheme, no dotted host, no address, in the whole text.
    expect(sent!.text).not.toMatch(/:\/\//);
    expect(sent!.text).not.toMatch(/\S[.\u3002\uFF0E\uFF61][\p{L}\p{N}]/u);
    expect(sent!.text).not.toMatch(/[\p{L}\p{N}._+-][@\uFF20][\p{L}\p{N}]/u);
    // Its lines are the template's three paragraphs: the name adds none.
    expect(sent!.text.split(/\r\n|[\r\n\u2028\u2029\u0085]/)).toHaveLength(5);
    const quoted = sent!.text.match(/the organization named "([^"]*)" by /);
    expect(quoted, sent!.text).not.toBeNull();
    return quoted![1];
  }

  it('keeps the name out of the subject and quotes it in the text with its URL broken', async () => {
    expect(await quotedName('URGENT verify at https://evil.example')).toBe('URGENT verify at https[:]//evil[.]example');
  });

  it('breaks hosts without a scheme, addresses and full-width dots', async () => {
    expect(await quotedName('Log in at www.evil.example/login now')).toBe('Log in at www[.]evil[.]example/login now');
    expect(await quotedName('Mail support@evil.example today')).toBe('Mail support[@]evil[.]example today');
    expect(await quotedName('Pay at evil\u3002example or evil\uFF0Eexample')).toBe(
      'Pay at evil[\u3002]example or evil[\uFF0E]example',
    );
    // A sentence's full stop is left alone.
    expect(await quotedName('Acme Inc. Europe')).toBe('Acme Inc. Europe');
  });

  it('cannot close the quotes to write words of its own', async () => {
    expect(await quotedName('Acme" by the service security team. Reply with your password "')).toBe(
      "Acme' by the service security team. Reply with your password '",
    );
    expect(await quotedName('Acme\u201d by us\u201c')).toBe("Acme' by us'");
  });

  it('refuses a name with CR LF (400), and a stored one adds no line to the email', async () => {
    const owner = await signUp();
    const orgId = await newOrganization(owner, 'Clean');
    expectProblem(
      await call('PATCH', `/v1/organizations/${orgId}`, {
        token: owner.token,
        body: { name: 'Acme\r\nSubject: urgent' },
      }),
      400,
      'invalid_input',
      'any',
    );
    expect(await quotedName('Acme\r\nBcc: x\u2028Visit evil.example\u202e', 'stored')).toBe(
      'Acme Bcc: x Visit evil[.]example',
    );
  });
});

describe('accept and decline an email invitation', () => {
  it('runs end to end: invite, email, accept (200, the membership), then the organization is listed and readable', async () => {
    const owner = await signUp();
    const invitee = await signUp();
    const orgId = await newOrganization(owner, 'Flow Co');
    expect((await invite(orgId, { email: invitee.email.toUpperCase(), role: 'viewer' }, owner.token)).status).toBe(201);
    const email = (await listOutbox()).find((e) => e.to.toLowerCase() === invitee.email && e.kind === 'invitation');
    expect(email?.data.organizationId).toBe(orgId);

    const res = await accept(email!.data.organizationId as string, invitee);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      organizationId: orgId,
      userId: invitee.userId,
      role: 'viewer',
      status: 'active',
    });
    expect(res.body).not.toHaveProperty('_meta');
    expect((await organizationsOf(invitee)).map((o) => [o.id, o.role, o.membershipStatus])).toEqual([
      [orgId, 'viewer', 'active'],
    ]);
    expect((await call('GET', `/v1/organizations/${orgId}`, { token: invitee.token })).status).toBe(200);
    expect((await getTenantCounts([orgId])).get(orgId)).toEqual({ memberCount: 2, ownerCount: 1 });
    // A retried accept answers as the first did; a decline after it finds no invitation.
    const again = await accept(orgId, invitee);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect((await getTenantCounts([orgId])).get(orgId)).toEqual({ memberCount: 2, ownerCount: 1 });
    expectProblem(await decline(orgId, invitee), 404, 'not_found');
    // Someone never invited still finds none, and a removed member's invitation is spent.
    expectProblem(await accept(orgId, await signUp()), 404, 'not_found');
    expect(
      (await call('DELETE', `/v1/organizations/${orgId}/users/${invitee.userId}`, { token: owner.token })).status,
    ).toBe(200);
    expectProblem(await accept(orgId, invitee), 404, 'not_found');
  });

  it('declines (200, declined) and the invitation can then be neither accepted nor declined again', async () => {
    const owner = await signUp();
    const invitee = await signUp();
    const orgId = await newOrganization(owner);
    await invite(orgId, { email: invitee.email, role: 'member' }, owner.token);
    const res = await decline(orgId, invitee);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ organizationId: orgId, declined: true });
    expectProblem(await accept(orgId, invitee), 404, 'not_found');
    expectProblem(await decline(orgId, invitee), 404, 'not_found');
    expect(await organizationsOf(invitee)).toEqual([]);
  });

  it("answers 404 without an invitation (none, another address's, unknown or deleted organization)", async () => {
    const owner = await signUp();
    const invitee = await signUp();
    const bystander = await signUp();
    const orgId = await newOrganization(owner);
    expectProblem(await accept(orgId, invitee), 404, 'not_found');
    expectProblem(await decline(orgId, invitee), 404, 'not_found');
    await invite(orgId, { email: invitee.email, role: 'member' }, owner.token);
    expectProblem(await accept(orgId, bystander), 404, 'not_found');
    expectProblem(await accept(randomUUID(), invitee), 404, 'not_found');
    await markTenantDeleted(orgId);
    expectProblem(await accept(orgId, invitee), 404, 'not_found');
    expectProblem(await decline(orgId, invitee), 404, 'not_found');
  });

  it('refuses to act for another user (403) and an invitation of someone already a member (409)', async () => {
    const owner = await signUp();
    const invitee = await signUp();
    const orgId = await newOrganization(owner);
    await invite(orgId, { email: invitee.email, role: 'member' }, owner.token);
    expectProblem(await accept(orgId, owner, invitee.userId), 403, 'forbidden');
    await addMember(orgId, owner, invitee, 'viewer');
    expectProblem(await accept(orgId, invitee), 409, 'conflict');
  });

  it('refuses to invite the address of a current member (409) and sends nothing', async () => {
    const owner = await signUp();
    const member = await signUp();
    const orgId = await newOrganization(owner);
    await addMember(orgId, owner, member, 'viewer');
    const before = (await listOutbox()).length;
    expectProblem(
      await invite(orgId, { email: member.email.toUpperCase(), role: 'member' }, owner.token),
      409,
      'conflict',
    );
    expect((await listOutbox()).length).toBe(before);
  });
});

describe('accept and decline a pending membership (workspace add)', () => {
  it('accept turns the pending membership active', async () => {
    const owner = await signUp();
    const user = await signUp();
    const tenant = await createTenant({ name: 'Pending WS', ownerUserId: owner.userId });
    await addMembership(tenant.id, user.userId, 'member', 'pending');
    expect((await organizationsOf(user))[0]).toMatchObject({ id: tenant.id, membershipStatus: 'pending' });
    const res = await accept(tenant.id, user);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      organizationId: tenant.id,
      userId: user.userId,
      role: 'member',
      status: 'active',
    });
    expect((await organizationsOf(user))[0]).toMatchObject({ id: tenant.id, membershipStatus: 'active' });
    expect((await call('GET', `/v1/organizations/${tenant.id}`, { token: user.token })).status).toBe(200);
    // A retried accept answers as the first did; an active member never pending finds nothing to accept.
    const again = await accept(tenant.id, user);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expectProblem(await accept(tenant.id, owner), 404, 'not_found');
  });

  it('decline removes the pending membership', async () => {
    const owner = await signUp();
    const user = await signUp();
    const tenant = await createTenant({ name: 'Pending WS', ownerUserId: owner.userId });
    await addMembership(tenant.id, user.userId, 'viewer', 'pending');
    const res = await decline(tenant.id, user);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ organizationId: tenant.id, declined: true });
    expect(await organizationsOf(user)).toEqual([]);
    expect((await getTenantCounts([tenant.id])).get(tenant.id)).toEqual({ memberCount: 1, ownerCount: 1 });
  });
});

describe('POST /v1/organizations/invites/process-signup', () => {
  it("turns every pending invitation to the new user's address into a membership", async () => {
    const ownerA = await signUp();
    const ownerB = await signUp();
    const orgA = await newOrganization(ownerA, 'A');
    const orgB = await newOrganization(ownerB, 'B');
    const email = `later-${randomUUID()}@example.com`;
    await invite(orgA, { email, role: 'member' }, ownerA.token);
    await invite(orgB, { email: email.toUpperCase(), role: 'viewer' }, ownerB.token);

    const user = await signUpWithEmail(email);
    const res = await processSignup(user);
    expect(res.status).toBe(200);
    const byOrg = Object.fromEntries(
      res.body.data.memberships.map((m: { organizationId: string; role: string }) => [m.organizationId, m.role]),
    );
    expect(byOrg).toEqual({ [orgA]: 'member', [orgB]: 'viewer' });
    const listed = await organizationsOf(user);
    expect(listed.map((o) => [o.id, o.membershipStatus]).sort()).toEqual(
      [
        [orgA, 'active'],
        [orgB, 'active'],
      ].sort(),
    );
    // Nothing left to process.
    const again = await processSignup(user);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ memberships: [] });
  });

  it('answers 200 with nothing to process, skips invitations of organizations the user already belongs to, and acts only as the caller', async () => {
    const nobody = await signUp();
    const none = await processSignup(nobody);
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ memberships: [] });

    const owner = await signUp();
    const orgId = await newOrganization(owner);
    const user = await signUp();
    await invite(orgId, { email: user.email, role: 'owner' }, owner.token);
    await addMember(orgId, owner, user, 'viewer');
    const skipped = await processSignup(user);
    expect(skipped.status).toBe(200);
    expect(skipped.body.data).toEqual({ memberships: [] });
    expect((await organizationsOf(user))[0]).toMatchObject({ id: orgId, role: 'viewer' });

    expectProblem(
      await call('POST', '/v1/organizations/invites/process-signup', {
        token: user.token,
        body: { userId: owner.userId },
      }),
      403,
      'forbidden',
    );
  });
});
