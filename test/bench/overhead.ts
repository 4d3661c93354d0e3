/**
 * The middleware's own cost, without DynamoDB's jitter: GET /v1/users/:id with the DynamoDB
 * document client answered in-process by aws-sdk-client-mock, next to the bare handler answered
 * the same way. Both pay the same stub; the difference is the middleware and validation.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { gatewayEvent, lambdaContext, matchRoute } from '../../infra/local/gateway.ts';
import type { LocalIssuer } from '../../infra/local/issuer.ts';
import { documentClient, tableName } from '../../shared/db/table/client.ts';
import * as keys from '../../shared/db/table/item-keys.ts';
import { summarize } from './stats.ts';

const CALLS = 5000;
const WARMUP = 500;

export async function measureOverhead(issuer: LocalIssuer) {
  const userId = randomUUID();
  const now = new Date().toISOString();
  const mock = mockClient(DynamoDBDocumentClient);
  try {
    mock.on(GetCommand).resolves({
      Item: {
        ...keys.user(userId),
        id: userId,
        userId,
        email: `${userId}@bench.example`,
        name: 'Bench',
        jobRole: null,
        avatarKey: null,
        createdAt: now,
        updatedAt: now,
      },
    });
    const { handler } = await import('../../functions/users/get.ts');
    const url = `/v1/users/${userId}`;
    const match = matchRoute('GET', url);
    const headers = { authorization: `Bearer ${issuer.mint({ userId })}` };
    const context = lambdaContext('bench');
    const viaService = async () => {
      const event = gatewayEvent({ method: 'GET', url, headers }, match);
      const t = performance.now();
      await handler(event, context as never);
      return performance.now() - t;
    };
    const bare = async () => {
      const t = performance.now();
      const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
      JSON.stringify({ data: out.Item });
      return performance.now() - t;
    };
    for (let i = 0; i < WARMUP; i++) {
      await viaService();
      await bare();
    }
    const service: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      service.push(await viaService());
      floor.push(await bare());
    }
    const withMiddleware = summarize(service);
    const bareHandler = summarize(floor);
    return {
      route: 'GET /v1/users/:id',
      unit: 'ms',
      dynamodb: 'stubbed in-process (aws-sdk-client-mock)',
      withMiddleware,
      bareHandler,
      overhead: {
        median: Math.round((withMiddleware.median - bareHandler.median) * 1000) / 1000,
        p99: Math.round((withMiddleware.p99 - bareHandler.p99) * 1000) / 1000,
      },
    };
  } finally {
    mock.restore();
  }
}
