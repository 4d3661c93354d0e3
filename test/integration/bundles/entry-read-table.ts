/** A bundle entry for bundled-credentials.test.ts: one request through the service's document client. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';

export async function readOne(): Promise<boolean> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk: 'NONE', sk: 'NONE' } }));
  return out.Item === undefined;
}
