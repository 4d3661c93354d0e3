/**
 * `authenticate`: every way a bearer token can be missing or wrong answers 401 `unauthenticated`,
 * and authentication comes before anything else looks at the request (body, input, route).
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalIssuer } from '../../../infra/local/issuer.ts';
import { testIssuer, tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { expectProblem, newUser } from './helpers.ts';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function claims(userId: string) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: userId, iss: testIssuer.issuer, aud: testIssuer.audience, iat: now, exp: now + 600 };
}

/** A token naming the test issuer's key id but signed with a different private key. */
function forgedToken(userId: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: testIssuer.kid }))}.${b64url(JSON.stringify(claims(userId)))}`;
  return `${input}.${b64url(sign('RSA-SHA256', Buffer.from(input), privateKey))}`;
}

/** An unsigned token (`alg: none`) with otherwise valid claims. */
function unsignedToken(userId: string): string {
  return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT', kid: testIssuer.kid }))}.${b64url(JSON.stringify(claims(userId)))}.`;
}

let user: { userId: string; token: string };
let url: string;

beforeAll(async () => {
  user = await newUser();
  url = `/v1/users/${user.userId}`;
});

describe('authenticate: valid tokens', () => {
  it('accepts a valid bearer token (control: the same request succeeds with it)', async () => {
    const res = await call('GET', url, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.userId).toBe(user.userId);
  });

  it('accepts the Bearer scheme case-insensitively (RFC 7235)', async () => {
    const res = await call('GET', url, { headers: { authorization: `bearer ${user.token}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('authenticate: 401 unauthenticated for every invalid credential', () => {
  it('answers 401 when there is no Authorization header', async () => {
    expectProblem(await call('GET', url), 401, 'unauthenticated');
  });

  it('answers 401 for a non-Bearer scheme (Basic) even with a valid token in it', async () => {
    expectProblem(
      await call('GET', url, { headers: { authorization: `Basic ${user.token}` } }),
      401,
      'unauthenticated',
    );
  });

  it('answers 401 for "Bearer" with no token', async () => {
    expectProblem(await call('GET', url, { headers: { authorization: 'Bearer' } }), 401, 'unauthenticated');
  });

  it('answers 401 for a token that is not a JWT', async () => {
    expectProblem(await call('GET', url, { token: 'not-a.jwt' }), 401, 'unauthenticated');
  });

  it('answers 401 for an expired token', async () => {
    expectProblem(await call('GET', url, { token: tokenFor(user.userId, { expiresIn: -60 }) }), 401, 'unauthenticated');
  });

  it('answers 401 for a token signed by another issuer key (unknown kid)', async () => {
    const other = LocalIssuer.ephemeral();
    expectProblem(await call('GET', url, { token: other.mint({ userId: user.userId }) }), 401, 'unauthenticated');
  });

  it('answers 401 for a token carrying the right kid but signed by a different key', async () => {
    expectProblem(await call('GET', url, { token: forgedToken(user.userId) }), 401, 'unauthenticated');
  });

  it('answers 401 for an unsigned alg:none token', async () => {
    expectProblem(await call('GET', url, { token: unsignedToken(user.userId) }), 401, 'unauthenticated');
  });

  it('answers 401 for a token with the wrong audience', async () => {
    expectProblem(
      await call('GET', url, { token: tokenFor(user.userId, { audience: 'someone-else' }) }),
      401,
      'unauthenticated',
    );
  });

  it('answers 401 for a token from the wrong issuer', async () => {
    expectProblem(
      await call('GET', url, { token: tokenFor(user.userId, { issuer: 'https://evil.example.com/issuer' }) }),
      401,
      'unauthenticated',
    );
  });

  it('answers 401 for a token whose sub is empty', async () => {
    expectProblem(await call('GET', url, { token: tokenFor('') }), 401, 'unauthenticated');
  });

  it('answers 401 for a correctly signed token without exp', async () => {
    const res = await call('GET', url, { token: tokenFor(user.userId, { claims: { exp: undefined } }) });
    expectProblem(res, 401, 'unauthenticated');
    expect(res.body.detail).toBe('The bearer token is not valid: it has no expiry (exp).');
  });

  it('answers 401 for a token that lives more than 24 hours', async () => {
    const res = await call('GET', url, { token: tokenFor(user.userId, { expiresIn: 24 * 3600 + 60 }) });
    expectProblem(res, 401, 'unauthenticated');
    expect(res.body.detail).toBe('The bearer token is not valid: it lives longer than 24 hours.');
  });

  it('says what is wrong with a token in words, never an error class name', async () => {
    const other = LocalIssuer.ephemeral();
    const cases: [string, string][] = [
      [tokenFor(user.userId, { expiresIn: -60 }), 'it has expired'],
      [forgedToken(user.userId), 'its signature does not verify'],
      [other.mint({ userId: user.userId }), 'it is not signed by a key of the issuer'],
      [tokenFor(user.userId, { audience: 'someone-else' }), 'it was issued for another audience'],
      [tokenFor(user.userId, { issuer: 'https://evil.example.com/issuer' }), 'it was issued by another issuer'],
      ['not-a.jwt', 'it is not a well-formed JWT'],
      [unsignedToken(user.userId), ''],
    ];
    for (const [token, reason] of cases) {
      const res = await call('GET', url, { token });
      expectProblem(res, 401, 'unauthenticated');
      expect(res.body.detail).toContain(`The bearer token is not valid: ${reason}`);
      expect(res.body.detail).not.toMatch(/\(\w*Error\)|Error\b/);
    }
  });

  it('never echoes the rejected token in the problem document', async () => {
    const token = tokenFor(user.userId, { expiresIn: -60 });
    const res = await call('GET', url, { token });
    expectProblem(res, 401, 'unauthenticated');
    expect(JSON.stringify(res.body)).not.toContain(token);
    expect(JSON.stringify(res.body)).not.toContain(token.split('.')[1]);
  });
});

describe('authenticate: 401 comes before anything else looks at the request', () => {
  it('answers 401, not 400, to malformed JSON without a token', async () => {
    const res = await call('PATCH', url, { rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expectProblem(res, 401, 'unauthenticated');
  });

  it('answers 401, not 400, to malformed JSON with an expired token', async () => {
    const res = await call('PATCH', url, {
      token: tokenFor(user.userId, { expiresIn: -60 }),
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 401, 'unauthenticated');
  });

  it('answers 401, not 415, to a text/plain body without a token', async () => {
    const res = await call('PATCH', url, { rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
    expectProblem(res, 401, 'unauthenticated');
  });

  it('answers 401, not 413, to an oversized body without a token', async () => {
    const res = await call('PATCH', url, {
      rawBody: 'x'.repeat(1024 * 1024 + 1),
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 401, 'unauthenticated');
  });

  it('answers 401, not 400, to an unknown field and an invalid path id without a token', async () => {
    expectProblem(await call('PATCH', '/v1/users/not-a-uuid', { body: { nmae: 'typo' } }), 401, 'unauthenticated');
  });

  it('answers 401, not 403, when acting as another user without a token', async () => {
    expectProblem(await call('GET', `/v1/users/${randomUUID()}`), 401, 'unauthenticated');
  });

  it('answers 401 on a reporting route without a token or with an expired one, before reading anything', async () => {
    const path = `/v1/reporting/organization/metrics?organization_id=${randomUUID()}`;
    expectProblem(await call('GET', path), 401, 'unauthenticated');
    expectProblem(
      await call('GET', path, { token: tokenFor('expired-user', { expiresIn: -60 }) }),
      401,
      'unauthenticated',
    );
  });

  it('answers 401 on an unknown path without a token, 404 not_found with one', async () => {
    expectProblem(await call('GET', '/v1/no-such-thing'), 401, 'unauthenticated');
    expectProblem(await call('GET', '/v1/no-such-thing', { token: user.token }), 404, 'not_found');
  });

  it('answers 401 to a known path with an unknown method without a token, 405 with the methods it has in Allow with one', async () => {
    expectProblem(await call('PUT', url, { body: { name: 'x' } }), 401, 'unauthenticated');
    const wrongMethod = await call('PUT', url, { token: user.token, body: { name: 'x' } });
    expectProblem(wrongMethod, 405, 'method_not_allowed');
    expect(wrongMethod.headers.allow).toBe('DELETE, GET, PATCH');
    expect(wrongMethod.body.detail).toMatch(/answers DELETE, GET, PATCH only\.$/);
    // A path with parameters: PUT /v1/campaigns/:id has GET, PATCH and DELETE.
    const campaign = await call('PUT', `/v1/campaigns/${randomUUID()}`, { token: user.token, body: {} });
    expectProblem(campaign, 405, 'method_not_allowed');
    expect(campaign.headers.allow).toBe('DELETE, GET, PATCH');
  });
});
