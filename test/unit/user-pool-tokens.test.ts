/**
 * The stack's own user pool (infra/user-pool.ts) and the service's verifier agree: the
 * pre-token-generation trigger puts `email` and `email_verified` into access tokens, and an access
 * token shaped as that pool issues it (`token_use: access`, `client_id` and no `aud`, the pool's
 * `iss`, the trigger's claims) gets through shared/auth/verifier.ts configured for the pool as the
 * stack configures it (COGNITO_USER_POOL_ID, JWT_AUDIENCE = the app client id), its keys inline.
 */
import { randomUUID } from 'node:crypto';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { accessTokenClaims, handler } from '../../functions/identity/pre-token-generation.ts';
import { resetVerifier, type TokenRejected, verifyToken } from '../../shared/auth/verifier.ts';
import { testIssuer } from '../support/auth.ts';

const POOL = 'eu-west-1_PoolOfTheStack';
const CLIENT = '4d1b3example0webclient00';
const ISSUER = `https://cognito-idp.eu-west-1.amazonaws.com/${POOL}`;

/** A V2 pre-token-generation event as Cognito sends it after a managed-login sign-in. */
function triggerEvent(userAttributes: Record<string, string>): PreTokenGenerationV2TriggerEvent {
  return {
    version: '2',
    triggerSource: 'TokenGeneration_HostedAuth',
    region: 'eu-west-1',
    userPoolId: POOL,
    userName: userAttributes.sub!,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: CLIENT },
    request: {
      userAttributes,
      groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
      scopes: ['openid', 'email', 'profile'],
    },
    response: { claimsAndScopeOverrideDetails: {} },
  } as PreTokenGenerationV2TriggerEvent;
}

/** The access token the pool would issue after the trigger: Cognito's own claims, then the trigger's. */
async function poolAccessToken(userAttributes: Record<string, string>): Promise<string> {
  const event = await handler(triggerEvent(userAttributes));
  const added = event.response.claimsAndScopeOverrideDetails.accessTokenGeneration?.claimsToAddOrOverride ?? {};
  return testIssuer.mint({
    userId: userAttributes.sub!,
    issuer: ISSUER,
    claims: {
      aud: undefined,
      token_use: 'access',
      client_id: CLIENT,
      scope: 'openid email profile',
      username: userAttributes.sub,
      auth_time: Math.floor(Date.now() / 1000),
      ...added,
    },
  });
}

function withPool<T>(work: () => Promise<T>): Promise<T> {
  const saved = {
    pool: process.env.COGNITO_USER_POOL_ID,
    audience: process.env.JWT_AUDIENCE,
    issuer: process.env.JWT_ISSUER,
  };
  Object.assign(process.env, { COGNITO_USER_POOL_ID: POOL, JWT_AUDIENCE: CLIENT, JWT_ISSUER: ISSUER });
  resetVerifier();
  return work().finally(() => {
    for (const [name, value] of [
      ['COGNITO_USER_POOL_ID', saved.pool],
      ['JWT_AUDIENCE', saved.audience],
      ['JWT_ISSUER', saved.issuer],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}

afterEach(() => resetVerifier());

describe('the pre-token-generation trigger', () => {
  it('adds email and email_verified to the access token, and nothing to the ID token', async () => {
    const event = await handler(
      triggerEvent({ sub: randomUUID(), email: 'ana@example.com', email_verified: 'true', name: 'Ana' }),
    );
    expect(event.response.claimsAndScopeOverrideDetails).toEqual({
      accessTokenGeneration: { claimsToAddOrOverride: { email: 'ana@example.com', email_verified: 'true' } },
    });
  });

  it('keeps what another step already set in the response', async () => {
    const event = triggerEvent({ sub: randomUUID(), email: 'ana@example.com', email_verified: 'true' });
    event.response.claimsAndScopeOverrideDetails = {
      accessTokenGeneration: { scopesToAdd: ['extra'], claimsToAddOrOverride: { tier: 'gold' } },
    };
    const out = await handler(event);
    expect(out.response.claimsAndScopeOverrideDetails.accessTokenGeneration).toEqual({
      scopesToAdd: ['extra'],
      claimsToAddOrOverride: { tier: 'gold', email: 'ana@example.com', email_verified: 'true' },
    });
  });

  it('marks an address not yet verified as such, and adds nothing for a user without one', () => {
    expect(accessTokenClaims({ email: 'new@example.com', email_verified: 'false' })).toEqual({
      email: 'new@example.com',
      email_verified: 'false',
    });
    expect(accessTokenClaims({ email: 'new@example.com' })).toEqual({
      email: 'new@example.com',
      email_verified: 'false',
    });
    expect(accessTokenClaims({ sub: 'x' })).toEqual({});
  });
});

describe("an access token of the stack's user pool", () => {
  it('gets through the verifier configured for the pool, with the email the trigger vouched for', async () => {
    const sub = randomUUID();
    const token = await poolAccessToken({ sub, email: 'ana@example.com', email_verified: 'true' });
    await withPool(async () => expect(await verifyToken(token)).toMatchObject({ sub, email: 'ana@example.com' }));
  });

  it('vouches for no email when the pool has not verified it', async () => {
    const sub = randomUUID();
    const token = await poolAccessToken({ sub, email: 'ana@example.com', email_verified: 'false' });
    await withPool(async () => expect((await verifyToken(token)).email).toBeUndefined());
  });

  it('is refused as an ID token, for another client or from another pool', async () => {
    const sub = randomUUID();
    const rejected = (token: string) =>
      withPool(() =>
        verifyToken(token).then(
          () => undefined,
          (e: unknown) => (e as TokenRejected).reason,
        ),
      );
    const id = testIssuer.mint({
      userId: sub,
      issuer: ISSUER,
      claims: { aud: CLIENT, token_use: 'id', email: 'ana@example.com', email_verified: true },
    });
    expect(await rejected(id)).toBe('it is not an access token');
    const other = testIssuer.mint({
      userId: sub,
      issuer: ISSUER,
      claims: { aud: undefined, token_use: 'access', client_id: 'another-client' },
    });
    expect(await rejected(other)).toBe('it was issued for another client');
    const elsewhere = testIssuer.mint({
      userId: sub,
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other',
      claims: { aud: undefined, token_use: 'access', client_id: CLIENT },
    });
    // Refused (aws-jwt-verify's Cognito verifier knows no such pool; the reason is the generic one).
    expect(await rejected(elsewhere)).toEqual(expect.any(String));
  });
});
