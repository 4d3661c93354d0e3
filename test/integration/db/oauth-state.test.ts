/**
 * OAuth states against DynamoDB Local: an unspent state carries a `ttl` an hour past its expiry, so
 * DynamoDB removes it (the routes check `expiresAt` themselves); a spent one is deleted at once.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { analyticsKeys } from '../../../shared/db/table/keys.ts';
import { putOAuthState, takeOAuthState } from '../../../shared/db/analytics/analytics.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';

describe('OAuth states', () => {
  it('stores a ttl an hour after expiresAt, hides it from the routes, and removes a spent state at once', async () => {
    const state = randomUUID();
    const value = {
      tenantId: randomUUID(),
      userId: randomUUID(),
      redirectPath: '/settings',
      codeVerifier: 'v'.repeat(43),
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    };
    await putOAuthState(state, value);
    const stored = async () =>
      (
        await documentClient().send(
          new GetCommand({ TableName: tableName(), Key: analyticsKeys.state(state), ConsistentRead: true }),
        )
      ).Item;
    expect((await stored())!.ttl).toBe(value.expiresAt + 3600);
    expect(await takeOAuthState(state)).toEqual(value);
    expect(await stored()).toBeUndefined();
  });
});
