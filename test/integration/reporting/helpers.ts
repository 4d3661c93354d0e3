/** Helpers of the Reporting tests. */
import { expect } from 'vitest';
import { call } from '../../support/call.ts';
import type { TestUser } from '../../support/users.ts';

/** GET `path` with `query` as the user; expects 200 and answers the body. */
export async function getOk(user: TestUser, path: string, query: Record<string, string | number>) {
  const res = await call(
    'GET',
    `${path}?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
    { token: user.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
