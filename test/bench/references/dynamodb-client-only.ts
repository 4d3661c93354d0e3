// What any DynamoDB function pays: the document client and one command, nothing of ours.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { id: string }) => {
  const out = await client.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: event.id, sk: 'PROFILE' } }),
  );
  return { statusCode: 200, body: JSON.stringify(out.Item ?? null) };
};
