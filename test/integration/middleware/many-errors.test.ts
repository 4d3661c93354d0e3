/**
 * A request with thousands of invalid fields (docs/decisions.md "Errors"): answered 400 with at most
 * MAX_FIELD_ERRORS lines in `errors` and the total in `detail`, never a document listing every
 * one. How fast is the bench's (`npm run bench -- validation`), not asserted here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FIELD_ERRORS } from '../../../shared/http/problem.ts';
import { call } from '../../support/call.ts';
import { expectProblem, newUser } from './helpers.ts';

let token: string;

beforeAll(async () => {
  ({ token } = await newUser());
});

function unknownKeys(count: number, prefix = 'unknown_key_'): Record<string, number> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));
}

describe('a request with many invalid fields', () => {
  it('POST /v1/files with 57,000 unknown keys: 400, the first fields listed and the total named', async () => {
    const res = await call('POST', '/v1/files', { token, body: unknownKeys(57_000) });
    expectProblem(res, 400, 'invalid_input', 'any');
    expect(res.body.errors.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);
    expect(res.body.errors[0]).toEqual({ path: 'unknown_key_0', message: 'Unknown field.' });
    expect(res.body.detail).toMatch(/\b57000\b/);
    expect(JSON.stringify(res.body).length).toBeLessThan(10_000);
  }, 120_000);

  it('counts only the unknown fields: a known field sent in snake_case is not one', async () => {
    const body = { owner_type: 'activity', file_name: 'a.txt', ...unknownKeys(MAX_FIELD_ERRORS + 1, 'x') };
    const res = await call('POST', '/v1/files', { token, body });
    expectProblem(res, 400, 'invalid_input', 'any');
    expect(res.body.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(res.body.errors.map((e: { path: string }) => e.path)).not.toContain('owner_type');
    expect(res.body.detail).toMatch(new RegExp(`\\b${MAX_FIELD_ERRORS + 1}\\b`));
  });

  it('a few unknown fields are all listed beside the other invalid fields, as before', async () => {
    const res = await call('POST', '/v1/files', { token, body: { ownerType: 'activity', typo: 1 } });
    expectProblem(res, 400, 'invalid_input', 'any');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'typo', message: 'Unknown field.' },
        { path: 'ownerId', message: 'Required.' },
      ]),
    );
    expect(res.body.detail).toContain('typo');
  });

  it('GET /v1/files with 5,000 unknown query parameters: 400 with the first errors and the total', async () => {
    const query = Array.from({ length: 5_000 }, (_, i) => `q${i}=1`).join('&');
    const res = await call('GET', `/v1/files?${query}`, { token });
    expectProblem(res, 400, 'invalid_input', 'any');
    expect(res.body.errors.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);
    expect(res.body.detail).toMatch(/\b500\d\b/);
  });

  it('a key longer than any field name is cut in the answer, not echoed whole', async () => {
    const res = await call('POST', '/v1/files', { token, body: { ['k'.repeat(1_000_000)]: 1 } });
    expectProblem(res, 400, 'invalid_input', 'any');
    expect(JSON.stringify(res.body).length).toBeLessThan(10_000);
  });
});
