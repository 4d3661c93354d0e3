/** An item of the table as it stands, read by its key (GetItem, strongly consistent): what a test checks a write left. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/table/client.ts';
import type { Key } from '../../shared/db/table/keys.ts';

export async function itemAt(key: Key): Promise<Record<string, unknown> | undefined> {
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}
