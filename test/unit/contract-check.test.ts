/**
 * The response contract check (infra/local/response-contract.ts, used by the local gateway under
 * test and the e2e checkedFetch) itself: it accepts what openapi.json describes and names what it
 * does not.
 */
import { describe, expect, it } from 'vitest';
import { contractViolation } from '../../infra/local/response-contract.ts';

const problem = (status: number, code: string) =>
  JSON.stringify({ type: `/problems/${code}`, title: 'T', status, detail: 'D', code, requestId: 'r' });

describe('contractViolation', () => {
  it('accepts a described problem, and a 401 or 404 outside the document', () => {
    expect(
      contractViolation('GET', '/v1/users/abc', 401, 'application/problem+json', problem(401, 'unauthenticated')),
    ).toBeUndefined();
    expect(
      contractViolation('GET', '/v2/nothing', 404, 'application/problem+json', problem(404, 'not_found')),
    ).toBeUndefined();
  });

  it('accepts a 405 to a path the document has, asked with a method it has not; not to an unknown path', () => {
    expect(
      contractViolation('PUT', '/v1/users/abc', 405, 'application/problem+json', problem(405, 'method_not_allowed')),
    ).toBeUndefined();
    expect(
      contractViolation('PUT', '/v2/nothing', 405, 'application/problem+json', problem(405, 'method_not_allowed')),
    ).toMatch(/no operation/);
  });

  it('names a status the operation does not declare (a 418), a wrong content type, and a body off its schema', () => {
    expect(
      contractViolation('GET', '/v1/users/abc', 418, 'application/problem+json', problem(418, 'internal')),
    ).toMatch(/declares no 418 response/);
    // Every operation declares its 500, an `internal` problem (scripts/openapi/problems.ts).
    expect(
      contractViolation('GET', '/v1/users/abc', 500, 'application/problem+json', problem(500, 'internal')),
    ).toBeUndefined();
    expect(
      contractViolation('GET', '/v1/users/abc', 500, 'application/problem+json', JSON.stringify({ message: 'boom' })),
    ).toMatch(/does not match/);
    expect(contractViolation('GET', '/v1/users/abc', 401, 'text/plain', 'no')).toMatch(/content type text\/plain/);
    expect(
      contractViolation('GET', '/v1/users/abc', 401, 'application/problem+json', JSON.stringify({ message: 'no' })),
    ).toMatch(/does not match/);
    expect(contractViolation('GET', '/v2/nothing', 200, 'application/json', '{}')).toMatch(/no operation/);
  });

  it('picks the static path over the parameter, as API Gateway does', () => {
    expect(
      contractViolation('GET', '/v1/activities/count', 200, 'application/json', JSON.stringify({ count: 'x' })),
    ).toMatch(/does not match/);
  });
});
