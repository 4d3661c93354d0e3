/** A request a test expects to succeed: its status checked (the method, URL and body named when not), its body answered. */
import { expect } from 'vitest';
import { call } from './call.ts';

/** `call` with the token; the status must be `expected`, or below 300 when none is given. */
export async function expectCall(token: string, method: string, url: string, body?: unknown, expected?: number) {
  const res = await call(method, url, { token, body });
  const status = expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`);
  if (expected === undefined) status.toBeLessThan(300);
  else status.toBe(expected);
  return res.body;
}
