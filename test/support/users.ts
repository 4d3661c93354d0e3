/** Test helpers: a signed-up user with its token. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { tokenFor } from './auth.ts';
import { call } from './call.ts';

export interface TestUser {
  userId: string;
  email: string;
  token: string;
}

export async function signUp(name = 'Test User'): Promise<TestUser> {
  const userId = randomUUID();
  const email = `u-${userId}@example.com`;
  const token = tokenFor(userId, { email });
  const response = await call('POST', '/v1/users', { token, body: { userId, email, name } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { userId, email, token };
}
