/**
 * The table's stream on this machine (`npm start`): DynamoDB Local's stream of the table
 * (NEW_AND_OLD_IMAGES, as deployed) is read from the moment the server starts, and each batch of a
 * tenant's items' records is handed to the consumer the cloud maps to them (the webhook fan-out,
 * which also queues the readings due at once), as Lambda hands them over (infra/stream-records.ts);
 * a batch it reports failed is read again, as the event source mapping retries it. (The outbox's
 * consumer has no local reader: `npm start` keeps the emails for GET /local/outbox.)
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type GetRecordsCommandOutput,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { logger } from '../../shared/support/logger.ts';
import { lambdaRecord, ofTenant } from '../stream-records.ts';
import { LOCAL_CREDENTIALS } from './dynamodb.ts';

const POLL_MS = 250;

/** A stream consumer's handler, as the local reader calls it: `retry` when its batch should be read again. */
export type StreamConsumer = (records: DynamoDBRecord[]) => Promise<{ retry: boolean }>;

/** Reads the table's stream from now on, shard by shard, and hands what it reads to the consumer. */
class StreamReader {
  private readonly streams: DynamoDBStreamsClient;
  private iterators = new Map<string, string | undefined>();
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly endpoint: string,
    private readonly tableName: string,
    private readonly consume: StreamConsumer,
  ) {
    this.streams = new DynamoDBStreamsClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  }

  async start(): Promise<void> {
    const tables = new DynamoDBClient({ endpoint: this.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
    const streamArn = (await tables.send(new DescribeTableCommand({ TableName: this.tableName }))).Table
      ?.LatestStreamArn;
    tables.destroy();
    if (!streamArn) throw new Error(`Table ${this.tableName} has no stream`);
    // The shards open now start from their latest record; shards found later, from their first.
    await this.discover(streamArn, 'LATEST');
    this.loop = this.run(streamArn);
  }

  private async discover(streamArn: string, position: 'LATEST' | 'TRIM_HORIZON'): Promise<void> {
    const shards =
      (await this.streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription?.Shards ?? [];
    for (const shard of shards) {
      if (!shard.ShardId || this.iterators.has(shard.ShardId)) continue;
      const out = await this.streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: position }),
      );
      this.iterators.set(shard.ShardId, out.ShardIterator);
    }
  }

  private async run(streamArn: string): Promise<void> {
    while (!this.stopped) {
      try {
        await this.discover(streamArn, 'TRIM_HORIZON');
        for (const [shardId, iterator] of this.iterators)
          if (iterator) await this.readShard(streamArn, shardId, iterator);
      } catch (error) {
        if (!this.stopped)
          logger.error('local table stream: read failed', {
            error: error instanceof Error ? error.message : String(error),
          });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
    }
  }

  private async readShard(streamArn: string, shardId: string, iterator: string): Promise<void> {
    let out: GetRecordsCommandOutput;
    try {
      out = await this.streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
    } catch (error) {
      // DynamoDB Local, busy with other tables, may answer an iterator as past the shard's oldest
      // record (or expired): start it again from the oldest record it holds. Records read twice
      // are harmless, as a batch read again is (below).
      const name = error instanceof Error ? error.name : '';
      if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') throw error;
      const again = await this.streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }),
      );
      this.iterators.set(shardId, again.ShardIterator);
      return;
    }
    const records = (out.Records ?? []).filter(ofTenant).map(lambdaRecord);
    if (records.length) {
      // Read again on the next poll, as the event source mapping retries (from the failed record:
      // here the whole batch, which is as safe: a repeated fan-out puts nothing twice, and the
      // refresh queue drops a reading queued twice).
      if ((await this.consume(records)).retry) return;
    }
    // A closed shard ends (no next iterator); its records are all read.
    this.iterators.set(shardId, out.NextShardIterator);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
    this.streams.destroy();
  }
}

export interface TableStream {
  stop(): Promise<void>;
}

/** Starts reading the table's stream for `consume`. */
export async function startTableStream(
  endpoint: string,
  tableName: string,
  consume: StreamConsumer,
): Promise<TableStream> {
  const reader = new StreamReader(endpoint, tableName, consume);
  await reader.start();
  return { stop: () => reader.stop() };
}
