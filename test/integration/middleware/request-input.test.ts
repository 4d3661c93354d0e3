/**
 * `jsonBody`, `assembleInput` and `validate` through a real handler (PATCH /v1/users/:id):
 * 413 / 415 / 400 for the body, 400 for unknown fields and conflicting repeated path ids,
 * 403 for acting as another user; and the accepted spellings really reach the handler.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../shared/http/middleware/json-body.ts';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { expectProblem, newUser } from './helpers.ts';

let user: { userId: string; token: string; email: string };
let url: string;

beforeAll(async () => {
  user = await newUser();
  url = `/v1/users/${user.userId}`;
});

/** A JSON object body of exactly `bytes` bytes: `{"name":"xxx..."}`. */
function jsonOfSize(bytes: number): string {
  const overhead = JSON.stringify({ name: '' }).length;
  return JSON.stringify({ name: 'x'.repeat(bytes - overhead) });
}

describe('jsonBody: size, content type and syntax', () => {
  it('answers 415 unsupported_media_type for a body sent as text/plain', async () => {
    const res = await call('PATCH', url, {
      token: user.token,
      rawBody: '{"name":"Ada"}',
      headers: { 'content-type': 'text/plain' },
    });
    expectProblem(res, 415, 'unsupported_media_type');
  });

  it('answers 415 for a body sent with no content type at all', async () => {
    const res = await call('PATCH', url, { token: user.token, rawBody: '{"name":"Ada"}' });
    expectProblem(res, 415, 'unsupported_media_type');
  });

  it('answers 400 invalid_input (not 422) for malformed JSON declared as application/json', async () => {
    const res = await call('PATCH', url, {
      token: user.token,
      rawBody: '{"name": "Ada"',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 400, 'invalid_input');
  });

  it('answers 400 for a JSON body with a __proto__ key (prototype pollution attempt)', async () => {
    const res = await call('PATCH', url, {
      token: user.token,
      rawBody: '{"__proto__": {"admin": true}}',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 400, 'invalid_input');
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await call('PATCH', url, {
      token: user.token,
      rawBody: JSON.stringify({ name: 'Charset Ada' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.name).toBe('Charset Ada');
  });

  it('answers 413 payload_too_large for a JSON body one byte over 1 MiB', async () => {
    const rawBody = jsonOfSize(MAX_BODY_BYTES + 1);
    expect(Buffer.byteLength(rawBody)).toBe(1024 * 1024 + 1);
    const res = await call('PATCH', url, {
      token: user.token,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 413, 'payload_too_large');
  });

  it('lets a body of exactly 1 MiB through the size check (it then fails validation, 400)', async () => {
    const rawBody = jsonOfSize(MAX_BODY_BYTES);
    expect(Buffer.byteLength(rawBody)).toBe(1024 * 1024);
    const res = await call('PATCH', url, {
      token: user.token,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 400, 'invalid_input', [{ path: 'name', message: expect.any(String) }]);
  });

  it('answers 413 for an oversized binary body, counting decoded bytes', async () => {
    const res = await call('PATCH', url, {
      token: user.token,
      rawBody: 'x'.repeat(MAX_BODY_BYTES + 1),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expectProblem(res, 413, 'payload_too_large');
  });

  it.each([
    ['null', 'null'],
    ['an array', '[{"name":"Ada"}]'],
    ['a string', '"Ada"'],
    ['a number', '42'],
  ])('answers 400 when the JSON body is %s rather than an object', async (_kind, rawBody) => {
    const res = await call('PATCH', url, {
      token: user.token,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 400, 'invalid_input');
  });
});

describe('validate: unknown and invalid fields', () => {
  it('answers 400 naming an unknown body field', async () => {
    const res = await call('PATCH', url, { token: user.token, body: { nmae: 'typo' } });
    expectProblem(res, 400, 'invalid_input', [{ path: 'nmae', message: 'Unknown field.' }]);
  });

  it('answers 400 naming an unknown query parameter', async () => {
    const res = await call('GET', `${url}?verbose=true`, { token: user.token });
    expectProblem(res, 400, 'invalid_input', [{ path: 'verbose', message: 'Unknown field.' }]);
  });

  it('treats a field the caller may not set (createdAt) as unknown (no mass assignment)', async () => {
    const res = await call('PATCH', url, { token: user.token, body: { createdAt: '2000-01-01T00:00:00.000Z' } });
    expectProblem(res, 400, 'invalid_input', [{ path: 'createdAt', message: 'Unknown field.' }]);
  });

  it('answers 400 "Unknown field." (not a bogus repeated-input error) for a query key named like an Object.prototype member', async () => {
    const res = await call('GET', `${url}?constructor=x`, { token: user.token });
    expectProblem(res, 400, 'invalid_input', [{ path: 'constructor', message: 'Unknown field.' }]);
  });

  it('answers 400 for an invalid value, with errors naming the field', async () => {
    const res = await call('PATCH', url, { token: user.token, body: { email: 'not-an-email' } });
    expectProblem(res, 400, 'invalid_input', [{ path: 'email', message: 'Must be a valid email address.' }]);
  });

  it('answers 400 for a path id that is not a UUID, naming it as the path does (docs/decisions.md "Inputs")', async () => {
    const res = await call('GET', '/v1/users/not-a-uuid', { token: user.token });
    expectProblem(res, 400, 'invalid_input', [{ path: 'id', message: 'Must be a UUID.' }]);
  });
});

describe('assembleInput: names and repeated path ids', () => {
  it('accepts snake_case body fields (job_role) and applies them', async () => {
    const res = await call('PATCH', url, { token: user.token, body: { job_role: 'Analyst' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.jobRole).toBe('Analyst');
  });

  it('accepts camelCase body fields (jobRole) and applies them', async () => {
    const res = await call('PATCH', url, { token: user.token, body: { jobRole: 'Engineer' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.jobRole).toBe('Engineer');
  });

  it('accepts the path id repeated in the body with the same value (user_id)', async () => {
    const snake = await call('PATCH', url, { token: user.token, body: { user_id: user.userId, name: 'Same Id' } });
    expect(snake.status, JSON.stringify(snake.body)).toBe(200);
  });

  it('answers 400 naming userId when the body repeats the path id with another value (user_id)', async () => {
    const res = await call('PATCH', url, { token: user.token, body: { user_id: randomUUID() } });
    expectProblem(res, 400, 'invalid_input', [{ path: 'userId', message: expect.stringContaining('different value') }]);
  });

  // docs/decisions.md: `id` is a field the caller may not set, whatever its value (docs/decisions.md "Inputs").
  it.each([
    ['another value', () => randomUUID()],
    ['the same value', () => user.userId],
  ])('answers 400 naming `id` as an unknown field when the body sends id with %s', async (_label, id) => {
    const res = await call('PATCH', url, { token: user.token, body: { id: id(), name: 'x' } });
    expectProblem(res, 400, 'invalid_input', [{ path: 'id', message: 'Unknown field.' }]);
  });

  it('names an unknown field as the client spelled it (favorite_color, not favoriteColor)', async () => {
    const res = await call('PATCH', url, { token: user.token, body: { favorite_color: 'blue' } });
    expectProblem(res, 400, 'invalid_input', [{ path: 'favorite_color', message: 'Unknown field.' }]);
  });

  it('answers 400 when the query repeats the path id with another value', async () => {
    const res = await call('GET', `${url}?user_id=${randomUUID()}`, { token: user.token });
    expectProblem(res, 400, 'invalid_input', [{ path: 'userId', message: expect.stringContaining('different value') }]);
  });

  it('answers 400 when the query and the body give one field different values', async () => {
    const res = await call('PATCH', `${url}?name=Query`, { token: user.token, body: { name: 'Body' } });
    expectProblem(res, 400, 'invalid_input', [{ path: 'name', message: expect.stringContaining('different value') }]);
  });
});

describe('authorize (self routes): acting as another user', () => {
  it('answers 403 forbidden for reading another user', async () => {
    const other = await newUser('Other');
    expectProblem(await call('GET', `/v1/users/${other.userId}`, { token: user.token }), 403, 'forbidden');
  });

  it('answers 403 forbidden for updating another user, and leaves them unchanged', async () => {
    const other = await newUser('Untouched');
    expectProblem(
      await call('PATCH', `/v1/users/${other.userId}`, { token: user.token, body: { name: 'Hijacked' } }),
      403,
      'forbidden',
    );
    const after = await call('GET', `/v1/users/${other.userId}`, { token: other.token });
    expect(after.body.data.name).toBe('Untouched');
  });

  it('answers 403 forbidden for creating a user record for another userId', async () => {
    const otherId = randomUUID();
    const res = await call('POST', '/v1/users', {
      token: tokenFor(randomUUID()),
      body: { user_id: otherId, email: `${otherId}@example.com` },
    });
    expectProblem(res, 403, 'forbidden');
  });
});
