/**
 * Module-scope DynamoDB clients (one per process, reused across invocations).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';

let raw: DynamoDBClient | undefined;
let doc: DynamoDBDocumentClient | undefined;

export function dynamoClient(): DynamoDBClient {
  raw ??= new DynamoDBClient({
    region: config.region(),
    ...(config.dynamoEndpoint() ? { endpoint: config.dynamoEndpoint() } : {}),
  });
  return raw;
}

export function documentClient(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(dynamoClient(), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return doc;
}

export function tableName(): string {
  return config.tableName();
}

/** Forget the clients, so the next call reads configuration again (tests). */
export function resetClients(): void {
  raw?.destroy();
  raw = undefined;
  doc = undefined;
}
