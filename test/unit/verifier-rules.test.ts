/**
 * The token rules of docs/decisions.md "Identity and tokens" that aws-jwt-verify does not apply by
 * itself: `exp` is required and at most 24 hours from now (and from `iat`), `iat` at most 60 s
 * ahead; with a Cognito user pool only access tokens are accepted; a rejection says what is wrong
 * in words; `email` counts only when vouched for.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { resetVerifier, TokenRejected, verifyToken } from '../../shared/auth/verifier.ts';
import { testIssuer } from '../support/auth.ts';

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

async function rejection(token: string): Promise<string> {
  const error = await verifyToken(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenRejected);
  return (error as TokenRejected).reason;
}

afterEach(() => resetVerifier());

describe('token lifetime', () => {
  it('rejects a correctly signed token without exp', async () => {
    const token = testIssuer.mint({ userId: randomUUID(), claims: { exp: undefined } });
    expect(await rejection(token)).toBe('it has no expiry (exp)');
  });

  it('rejects a token whose exp is more than 24 hours after its iat, and accepts exactly 24 hours', async () => {
    expect(await rejection(testIssuer.mint({ userId: randomUUID(), expiresIn: 24 * HOUR + 1 }))).toBe(
      'it lives longer than 24 hours',
    );
    const userId = randomUUID();
    await expect(verifyToken(testIssuer.mint({ userId, expiresIn: 24 * HOUR }))).resolves.toMatchObject({
      sub: userId,
    });
  });

  it('without iat, rejects an exp more than 24 hours ahead and accepts one within 24 hours', async () => {
    const far = testIssuer.mint({ userId: randomUUID(), claims: { iat: undefined, exp: now() + 25 * HOUR } });
    expect(await rejection(far)).toBe('it lives longer than 24 hours');
    const userId = randomUUID();
    const near = testIssuer.mint({ userId, claims: { iat: undefined, exp: now() + 23 * HOUR } });
    await expect(verifyToken(near)).resolves.toMatchObject({ sub: userId });
  });

  it('rejects a token minted long ago with a long lifetime even while its exp is ahead', async () => {
    const token = testIssuer.mint({ userId: randomUUID(), claims: { iat: now() - 30 * 24 * HOUR, exp: now() + HOUR } });
    expect(await rejection(token)).toBe('it lives longer than 24 hours');
  });

  it('rejects an exp more than 24 hours from now whatever iat says (docs/decisions.md "Identity and tokens": iat just before a far exp)', async () => {
    const tenYears = now() + 10 * 365 * 24 * HOUR;
    const token = testIssuer.mint({ userId: randomUUID(), claims: { iat: tenYears - HOUR, exp: tenYears } });
    expect(await rejection(token)).toBe('it lives longer than 24 hours');
    const dayAhead = testIssuer.mint({
      userId: randomUUID(),
      claims: { iat: now() + 2 * HOUR, exp: now() + 25 * HOUR },
    });
    expect(await rejection(dayAhead)).toBe('it lives longer than 24 hours');
  });

  it('rejects an iat more than 60 seconds in the future, and accepts one within that skew', async () => {
    const ahead = testIssuer.mint({ userId: randomUUID(), claims: { iat: now() + 120, exp: now() + HOUR } });
    expect(await rejection(ahead)).toBe('it was issued in the future (iat)');
    const userId = randomUUID();
    const skewed = testIssuer.mint({ userId, claims: { iat: now() + 30, exp: now() + 30 + 24 * HOUR } });
    await expect(verifyToken(skewed)).resolves.toMatchObject({ sub: userId });
  });
});

describe('rejection reasons are words, never a class name', () => {
  it('names what is wrong', async () => {
    const userId = randomUUID();
    expect(await rejection(testIssuer.mint({ userId, expiresIn: -60 }))).toBe('it has expired');
    expect(await rejection(testIssuer.mint({ userId, issuer: 'https://evil.example.com' }))).toBe(
      'it was issued by another issuer',
    );
    expect(await rejection(testIssuer.mint({ userId, audience: 'someone-else' }))).toBe(
      'it was issued for another audience',
    );
    expect(await rejection('not-a.jwt')).toBe('it is not a well-formed JWT');
    const [header, payload, signature] = testIssuer.mint({ userId }).split('.');
    expect(await rejection(`${header}.${payload}.${signature!.slice(0, -4)}AAAA`)).toBe(
      'its signature does not verify',
    );
    expect(await rejection(testIssuer.mint({ userId: '' }))).toBe('it names no user (sub)');
  });
});

describe('the vouched email', () => {
  it('is the email claim, unless email_verified is false (or "false")', async () => {
    const userId = randomUUID();
    expect((await verifyToken(testIssuer.mint({ userId, email: 'a@example.com' }))).email).toBe('a@example.com');
    const unverified = testIssuer.mint({ userId, email: 'b@example.com', claims: { email_verified: false } });
    expect((await verifyToken(unverified)).email).toBeUndefined();
    const unverifiedText = testIssuer.mint({ userId, email: 'c@example.com', claims: { email_verified: 'false' } });
    expect((await verifyToken(unverifiedText)).email).toBeUndefined();
    // An issuer that does not say (no email_verified claim) vouches for what it puts in `email`.
    const silent = testIssuer.mint({ userId, email: 'd@example.com', claims: { email_verified: undefined } });
    expect((await verifyToken(silent)).email).toBe('d@example.com');
  });

  it('is vouched for only by an absent email_verified, true or "true"; any other value is not (docs/decisions.md "Identity and tokens")', async () => {
    const email = (emailVerified: unknown) =>
      verifyToken(
        testIssuer.mint({ userId: randomUUID(), email: 'e@example.com', claims: { email_verified: emailVerified } }),
      ).then((t) => t.email);
    for (const vouching of [true, 'true', undefined])
      expect(await email(vouching), JSON.stringify(vouching)).toBe('e@example.com');
    for (const not of ['False', 'FALSE', 'no', '', 0, 1, null, [], {}])
      expect(await email(not), JSON.stringify(not)).toBeUndefined();
  });
});

describe('with a Cognito user pool configured', () => {
  const POOL = 'us-east-1_TestPool1';
  const CLIENT = 'test-app-client';
  const COGNITO_ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${POOL}`;

  function withPool<T>(work: () => Promise<T>): Promise<T> {
    const saved = { pool: process.env.COGNITO_USER_POOL_ID, audience: process.env.JWT_AUDIENCE };
    process.env.COGNITO_USER_POOL_ID = POOL;
    process.env.JWT_AUDIENCE = CLIENT;
    resetVerifier();
    return work().finally(() => {
      process.env.COGNITO_USER_POOL_ID = saved.pool;
      process.env.JWT_AUDIENCE = saved.audience;
      if (saved.pool === undefined) delete process.env.COGNITO_USER_POOL_ID;
    });
  }

  /** A token shaped as Cognito issues it, signed by a key of the (inline, cached) pool JWKS. */
  function cognitoToken(userId: string, use: 'access' | 'id'): string {
    const claims =
      use === 'access'
        ? { aud: undefined, client_id: CLIENT, token_use: 'access', scope: 'aws.cognito.signin.user.admin' }
        : { aud: CLIENT, token_use: 'id', email_verified: true };
    return testIssuer.mint({
      userId,
      email: use === 'id' ? 'id@example.com' : undefined,
      issuer: COGNITO_ISSUER,
      claims,
    });
  }

  it("accepts an access token of the pool's app client", async () => {
    const userId = randomUUID();
    await withPool(async () =>
      expect(await verifyToken(cognitoToken(userId, 'access'))).toMatchObject({ sub: userId }),
    );
  });

  it('rejects an ID token of the same pool and client', async () => {
    await withPool(async () =>
      expect(await rejection(cognitoToken(randomUUID(), 'id'))).toBe('it is not an access token'),
    );
  });

  it('rejects an access token of another app client', async () => {
    const token = testIssuer.mint({
      userId: randomUUID(),
      issuer: COGNITO_ISSUER,
      claims: { aud: undefined, client_id: 'other', token_use: 'access' },
    });
    await withPool(async () => expect(await rejection(token)).toBe('it was issued for another client'));
  });
});
