/**
 * The fixture world of the authorization matrix, over HTTP against the in-process local service:
 * tenant T with its owner, a member, a viewer and a pending member (role owner, so that only the
 * pending status can be what refuses it), and an outsider who owns another tenant. Users sign up
 * over HTTP; tenants and memberships are written with the data layer.
 */
import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { startLocalService, type LocalService } from '../../../infra/local/server.ts';
import { addMembership } from '../../../shared/db/tenancy/memberships.ts';
import { newTenantItems } from '../../../shared/db/tenancy/tenants.ts';
import { transact } from '../../../shared/db/table/transact.ts';
import { createUser } from '../../../shared/db/tenancy/users.ts';
import { checkedFetch } from './contract.ts';

export interface Identity {
  userId: string;
  email: string;
  /** A plain (non-agent) token of this user. */
  token: string;
}

export interface HttpResult {
  status: number;
  body: any;
}

export const WORLD_ROLES = ['outsider', 'pending', 'viewer', 'member', 'owner'] as const;
export type WorldRole = (typeof WORLD_ROLES)[number];

export interface World {
  service: LocalService;
  tenantId: string;
  users: Record<WorldRole, Identity>;
  http(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<HttpResult>;
  agentToken(identity: Identity): string;
  /** A token for a user id that has no user record yet. */
  unregistered(): Identity;
  /** A new user signed up over HTTP, with no memberships. */
  signUp(name: string): Promise<Identity>;
  /** A user record written directly (a target to add or remove), with no memberships. */
  plainUser(): Promise<string>;
  /** A new tenant with the same members as T: for routes that destroy or change what they name. */
  tenantLikeT(): Promise<string>;
  /** A new tenant owned by a third party, where `userId` has a pending membership (to accept or decline). */
  pendingInvitationFor(userId: string): Promise<string>;
}

/**
 * A tenant written as `createTenant` writes it, without counting it against its owner's daily
 * tenant limit: the world's owner is given a fresh tenant for every destructive request.
 */
async function seedTenant(name: string, ownerUserId: string): Promise<string> {
  const { tenant, transactItems } = newTenantItems({ name, ownerUserId });
  await transact(transactItems);
  return tenant.id;
}

/** A JSON request to the service at `baseUrl`, its answer checked against the API's contract. */
export function httpAgainst(baseUrl: string) {
  return async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<HttpResult> => {
    const response = await checkedFetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

export async function startWorld(): Promise<World> {
  const service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });

  const http = httpAgainst(service.url);

  function unregistered(): Identity {
    const userId = randomUUID();
    const email = `matrix-${userId}@example.com`;
    return { userId, email, token: service.issuer.mint({ userId, email }) };
  }

  async function signUp(name: string): Promise<Identity> {
    const identity = unregistered();
    const created = await http('POST', '/v1/users', {
      token: identity.token,
      body: { userId: identity.userId, email: identity.email, name },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return identity;
  }

  const users = {} as Record<WorldRole, Identity>;
  for (const role of WORLD_ROLES) users[role] = await signUp(`Matrix ${role}`);
  const host = await signUp('Matrix host');

  async function tenantLikeT(): Promise<string> {
    const tenantId = await seedTenant('Matrix tenant', users.owner.userId);
    await addMembership(tenantId, users.member.userId, 'member', 'active');
    await addMembership(tenantId, users.viewer.userId, 'viewer', 'active');
    await addMembership(tenantId, users.pending.userId, 'owner', 'pending');
    return tenantId;
  }

  const tenantId = await tenantLikeT();
  await seedTenant('Outsider tenant', users.outsider.userId);

  return {
    service,
    tenantId,
    users,
    http,
    agentToken: (identity) => service.issuer.mint({ userId: identity.userId, email: identity.email, agent: true }),
    unregistered,
    signUp,
    plainUser: async () => {
      const userId = randomUUID();
      await createUser({ userId, email: `target-${userId}@example.com`, name: 'Matrix target' });
      return userId;
    },
    tenantLikeT,
    pendingInvitationFor: async (userId) => {
      const tenantId = await seedTenant('Inviting tenant', host.userId);
      await addMembership(tenantId, userId, 'viewer', 'pending');
      return tenantId;
    },
  };
}
