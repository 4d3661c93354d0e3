import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';

describe('users smoke', () => {
  it('creates and reads a user', async () => {
    const userId = randomUUID();
    const token = tokenFor(userId);
    const created = await call('POST', '/v1/users', { token, body: { user_id: userId, email: `${userId}@example.com`, name: 'Ada' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const got = await call('GET', `/v1/users/${userId}`, { token });
    expect(got.status).toBe(200);
    expect(got.body.data.name).toBe('Ada');
    expect(got.body._meta.requestId).toBeTypeOf('string');
  });
});
