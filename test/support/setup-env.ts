/**
 * Runs before each test file: points the service at the run's DynamoDB Local with a table of the
 * file's own (so files never see each other's data), and at a token issuer of the file's own;
 * and has the local gateway check every answer against openapi.json.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../infra/local/dynamodb.ts';
import { testIssuer } from './auth.ts';

const endpoint = inject('dynamoEndpoint');
const tableName = `test-${randomUUID()}`;

Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  DYNAMODB_ENDPOINT: endpoint,
  TABLE_NAME: tableName,
  AVATARS_BUCKET: 'avatars',
  FILES_BUCKET: 'files',
  EXPORTS_BUCKET: 'exports',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  // The local gateway checks every answer against openapi.json (infra/local/dispatch.ts).
  RESPONSE_CONTRACT: 'check',
  ...testIssuer.verifierEnv(),
});

await ensureTable(endpoint, tableName);
