/**
 * The local gateway under test checks every answer against openapi.json (infra/local/dispatch.ts,
 * `RESPONSE_CONTRACT=check` from test/support/setup-env.ts): an answer with a field the document
 * does not have, or a status it does not declare, throws, so the test that made the request fails
 * however it asserts; an answer the document describes passes unchanged; a server error must be a
 * problem document; without the setting (`npm start`) nothing is checked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch, ResponseContractError, type HandlerLoader } from '../../infra/local/dispatch.ts';
import { gatewayRequest } from '../support/call.ts';

const answering =
  (statusCode: number, body: unknown): HandlerLoader =>
  async () => ({
    handler: async () => ({ statusCode, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
const count = () => gatewayRequest('GET', '/v1/activities/count?organizationId=7d9f3b5e-2c1a-4e8b-9f0d-1a2b3c4d5e6f');

afterEach(() => {
  process.env.RESPONSE_CONTRACT = 'check';
});

describe('the local gateway under test', () => {
  it('is set to check in every test file', () => {
    expect(process.env.RESPONSE_CONTRACT).toBe('check');
  });

  it('passes an answer openapi.json describes', async () => {
    expect(await dispatch(count(), answering(200, { count: 3 }))).toMatchObject({
      statusCode: 200,
      body: '{"count":3}',
    });
  });

  it('throws on a field the schema does not have, a wrong type, and an undeclared status', async () => {
    await expect(dispatch(count(), answering(200, { count: 3, socialAccounts: [] }))).rejects.toThrow(
      ResponseContractError,
    );
    await expect(dispatch(count(), answering(200, { count: 'three' }))).rejects.toThrow(/does not match openapi.json/);
    await expect(dispatch(count(), answering(418, { count: 3 }))).rejects.toThrow(/declares no 418 response/);
  });

  it('holds a server error (a test that injects a failure) to the problem document alone', async () => {
    const internal = {
      type: '/problems/internal',
      title: 'Internal',
      status: 500,
      detail: 'An unexpected error occurred.',
      code: 'internal',
      requestId: 'r',
    };
    const problem =
      (body: unknown): HandlerLoader =>
      async () => ({
        handler: async () => ({
          statusCode: 500,
          headers: { 'content-type': 'application/problem+json' },
          body: JSON.stringify(body),
        }),
      });
    expect(await dispatch(count(), problem(internal))).toMatchObject({ statusCode: 500 });
    await expect(dispatch(count(), problem({ message: 'Internal Server Error', stack: 'at ...' }))).rejects.toThrow(
      /not a problem document/,
    );
    await expect(dispatch(count(), answering(500, internal))).rejects.toThrow(/not application\/problem\+json/);
  });

  it('checks nothing without the setting, as npm start runs', async () => {
    delete process.env.RESPONSE_CONTRACT;
    expect(await dispatch(count(), answering(200, { count: 3, extra: true }))).toMatchObject({ statusCode: 200 });
  });
});
