/** Starts DynamoDB Local once for the whole test run and hands its endpoint to every test file. */
import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamodb.ts';

let dynamo: DynamoLocal | undefined;

export async function setup(project: TestProject): Promise<void> {
  dynamo = await startDynamoLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
