/**
 * `npm start` over a table kept in `.data/` from before an index was declared: ensureTable adds the
 * missing index instead of leaving the queries that need it to fail.
 */
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../../infra/local/dynamodb.ts';
import { createTableInput, GLOBAL_INDEXES } from '../../../shared/db/table/table-definition.ts';

describe('ensureTable', () => {
  it('adds the declared indexes an existing table lacks, and leaves a complete one alone', async () => {
    const endpoint = inject('dynamoEndpoint');
    const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
    const tableName = `ensure-${Date.now()}`;
    const full = createTableInput(tableName);
    const oldIndexes = GLOBAL_INDEXES.slice(0, 3);
    const old = oldIndexes.map((i) => i.indexName) as string[];
    const oldAttributes = ['pk', 'sk', ...oldIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
    try {
      await client.send(
        new CreateTableCommand({
          ...full,
          // The table keys and the old indexes' key attributes only (DynamoDB refuses unused definitions).
          AttributeDefinitions: full.AttributeDefinitions.filter((a) => oldAttributes.includes(a.AttributeName)),
          GlobalSecondaryIndexes: full.GlobalSecondaryIndexes.filter((i) => old.includes(i.IndexName)),
        }),
      );
      await ensureTable(endpoint, tableName);
      const indexes = async () =>
        ((await client.send(new DescribeTableCommand({ TableName: tableName }))).Table!.GlobalSecondaryIndexes ?? [])
          .map((i) => i.IndexName)
          .sort();
      expect(await indexes()).toEqual(GLOBAL_INDEXES.map((i) => i.indexName).sort());
      await ensureTable(endpoint, tableName);
      expect(await indexes()).toEqual(GLOBAL_INDEXES.map((i) => i.indexName).sort());
    } finally {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
      client.destroy();
    }
  });
});
