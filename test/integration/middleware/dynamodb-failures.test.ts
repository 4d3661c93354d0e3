/**
 * DynamoDB failures through real handlers, with aws-sdk-client-mock on DynamoDBDocumentClient
 * (it stubs the prototype's `send`, so the module-scope client of shared/db/table/client.ts is covered):
 * throttling -> 429 `rate_limited` with Retry-After, anything unexpected -> 500 `internal` with no
 * stack or raw message, transaction and condition failures -> 409 / 404.
 */
import { randomUUID } from 'node:crypto';
import {
  ConditionalCheckFailedException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../support/auth.ts';
import { call } from '../../support/call.ts';
import { expectProblem, newUser } from './helpers.ts';

const $metadata = {};
let user: { userId: string; token: string; email: string };
let ddb: AwsStub<any, any, any> | undefined;

/**
 * Mocks the document client for one test; `afterEach` restores the real one. Reads answer "no
 * item" unless a test says otherwise (authorization reads the caller's account first).
 */
function mockDynamo(): AwsStub<any, any, any> {
  ddb = mockClient(DynamoDBDocumentClient);
  ddb.on(GetCommand).resolves({});
  return ddb;
}

beforeAll(async () => {
  user = await newUser('Real');
});

afterEach(() => {
  ddb?.restore();
  ddb = undefined;
  vi.restoreAllMocks();
});

describe('DynamoDB throttling -> 429 rate_limited', () => {
  it.each([
    [
      'ThrottlingException',
      () => new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput.', $metadata }),
    ],
    [
      'ProvisionedThroughputExceededException',
      () => new ProvisionedThroughputExceededException({ message: 'Throughput exceeded', $metadata }),
    ],
    [
      'RequestLimitExceeded',
      () => new RequestLimitExceeded({ message: 'Throughput exceeds the account limit', $metadata }),
    ],
  ])('answers 429 rate_limited with Retry-After (not 500) when DynamoDB throws %s', async (_name, error) => {
    mockDynamo().on(GetCommand).rejects(error());
    const res = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    expectProblem(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBe('1');
  });
});

describe('unexpected DynamoDB errors -> 500 internal', () => {
  it('answers 500 internal with no stack, raw message or error name for an InternalServerError', async () => {
    const secret = 'Internal failure at partition 7 for table prod-secret-table';
    mockDynamo()
      .on(GetCommand)
      .rejects(new InternalServerError({ message: secret, $metadata }));
    const res = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    expectProblem(res, 500, 'internal');
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('prod-secret-table');
    expect(text).not.toContain('InternalServerError');
    expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('answers 500 internal for a plain Error thrown by the client, without its message', async () => {
    mockDynamo().on(GetCommand).rejects(new Error('socket hang up: 10.0.0.12:443'));
    const res = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    expectProblem(res, 500, 'internal');
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.12');
  });

  it('logs the unexpected error server-side (with requestId) while the client sees none of it', async () => {
    const savedLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      mockDynamo()
        .on(GetCommand)
        .rejects(new InternalServerError({ message: 'boom-detail', $metadata }));
      const res = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
      expectProblem(res, 500, 'internal');
      expect(errorSpy).toHaveBeenCalledTimes(1);
      const entry = JSON.parse(String(errorSpy.mock.calls[0]![0]));
      expect(entry).toMatchObject({
        level: 'error',
        requestId: res.body.requestId,
        errorName: 'InternalServerError',
        errorMessage: 'boom-detail',
      });
    } finally {
      if (savedLevel === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = savedLevel;
    }
  });
});

describe('transaction and condition failures -> 409 / 404', () => {
  it('answers 409 conflict on POST /v1/users when the user record already exists (first transaction item failed)', async () => {
    mockDynamo()
      .on(TransactWriteCommand)
      .rejects(
        new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata,
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
        }),
      );
    const userId = randomUUID();
    const res = await call('POST', '/v1/users', {
      token: tokenFor(userId, { email: `${userId}@example.com` }),
      body: { userId, email: `${userId}@example.com` },
    });
    expectProblem(res, 409, 'conflict');
  });

  it('answers 409 conflict on POST /v1/users when the email is already claimed (second transaction item failed)', async () => {
    mockDynamo()
      .on(TransactWriteCommand)
      .rejects(
        new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata,
          CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
        }),
      );
    const userId = randomUUID();
    const res = await call('POST', '/v1/users', {
      token: tokenFor(userId, { email: `${userId}@example.com` }),
      body: { userId, email: `${userId}@example.com` },
    });
    expectProblem(res, 409, 'conflict');
  });

  it("answers 404 not_found when the update's existence condition fails (user deleted meanwhile)", async () => {
    mockDynamo()
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata }));
    const res = await call('PATCH', `/v1/users/${user.userId}`, { token: user.token, body: { name: 'Gone' } });
    expectProblem(res, 404, 'not_found');
  });
});

describe('the same failures against the real DynamoDB Local (mock restored)', () => {
  it('talks to the real table again after a mocked test: the existing user is read', async () => {
    const res = await call('GET', `/v1/users/${user.userId}`, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.name).toBe('Real');
  });

  it('answers 409 for a real duplicate POST /v1/users', async () => {
    const res = await call('POST', '/v1/users', {
      token: user.token,
      body: { userId: user.userId, email: user.email },
    });
    expectProblem(res, 409, 'conflict');
  });

  it('answers 409 for a real duplicate email claimed by another account, case-insensitively', async () => {
    const userId = randomUUID();
    const res = await call('POST', '/v1/users', {
      token: tokenFor(userId, { email: user.email }),
      body: { userId, email: user.email.toUpperCase() },
    });
    expectProblem(res, 409, 'conflict');
  });

  it('answers 404 for a real update of a user that does not exist (condition failure)', async () => {
    const userId = randomUUID();
    const res = await call('PATCH', `/v1/users/${userId}`, { token: tokenFor(userId), body: { name: 'Nobody' } });
    expectProblem(res, 404, 'not_found');
  });
});
