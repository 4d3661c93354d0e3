/**
 * Webhooks on this machine (`npm start`): the cloud's fan-out and delivery worker run in-process.
 * The fan-out reads DynamoDB Local's stream of the table (NEW_AND_OLD_IMAGES, as deployed) from the
 * moment the server starts, hands each record of a tenant's item to the same Lambda handler
 * (functions/jobs/fan-out-webhook-events.ts), and a batch whose handler reported a failure is read
 * again. Deliveries go on an in-process queue whose messages are attempted in
 * parallel by the worker's step (functions/jobs/webhooks/deliver.ts); a retry waits the real
 * schedule's delay, multiplied by LOCAL_WEBHOOK_RETRY_SCALE (default 1; a test sets it small). The
 * local runtime sets WEBHOOK_LOCAL_DELIVERY=127.0.0.1, so deliveries go to 127.0.0.1 and nowhere
 * else (shared/webhooks/destination.ts).
 */
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { handler as fanOutHandler } from '../../functions/jobs/fan-out-webhook-events.ts';
import { attemptDelivery } from '../../functions/jobs/webhooks/deliver.ts';
import { useWebhookQueue, type DeliveryMessage, type WebhookQueue } from '../../shared/integrations/webhook-queue/index.ts';
import { logger } from '../../shared/support/logger.ts';
import { lambdaRecord, ofTenant } from '../stream-records.ts';
import { inFlight } from './background.ts';
import { LOCAL_CREDENTIALS } from './dynamodb.ts';

const POLL_MS = 250;

/** The retry delays' multiplier: LOCAL_WEBHOOK_RETRY_SCALE, a positive number (default 1, the real schedule). */
export function retryScale(): number {
  const raw = process.env.LOCAL_WEBHOOK_RETRY_SCALE;
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!(scale > 0)) throw new Error(`LOCAL_WEBHOOK_RETRY_SCALE must be a positive number, not ${JSON.stringify(raw)}`);
  return scale;
}

/** The in-process delivery queue: each message attempted at once, a retry after its (scaled) delay. */
export class LocalWebhookQueue implements WebhookQueue {
  private timers = new Set<NodeJS.Timeout>();
  private readonly attempts = inFlight();

  constructor(private readonly scale = retryScale()) {}

  async send(messages: readonly DeliveryMessage[]): Promise<void> {
    for (const message of messages) this.later(message, 0);
  }

  private later(message: DeliveryMessage, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempts.track(this.attempt(message));
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(message: DeliveryMessage): Promise<void> {
    try {
      const result = await attemptDelivery(message);
      if (result.kind === 'retry') this.later(message, result.delaySeconds * 1000 * this.scale);
    } catch (error) {
      // As SQS would hand it back after its visibility timeout; locally after the first retry delay.
      logger.error('local webhooks: attempt threw', { deliveryId: message.deliveryId, error: error instanceof Error ? error.message : String(error) });
      this.later(message, 5_000 * this.scale);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.attempts.settled();
  }
}

/** Reads the table's stream from now on, shard by shard, and fans out what it reads. */
class StreamReader {
  private readonly streams: DynamoDBStreamsClient;
  private iterators = new Map<string, string | undefined>();
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly endpoint: string,
    private readonly tableName: string,
  ) {
    this.streams = new DynamoDBStreamsClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  }

  async start(): Promise<void> {
    const tables = new DynamoDBClient({ endpoint: this.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
    const streamArn = (await tables.send(new DescribeTableCommand({ TableName: this.tableName }))).Table?.LatestStreamArn;
    tables.destroy();
    if (!streamArn) throw new Error(`Table ${this.tableName} has no stream`);
    // The shards open now start from their latest record; shards found later, from their first.
    await this.discover(streamArn, 'LATEST');
    this.loop = this.run(streamArn);
  }

  private async discover(streamArn: string, position: 'LATEST' | 'TRIM_HORIZON'): Promise<void> {
    const shards = (await this.streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription?.Shards ?? [];
    for (const shard of shards) {
      if (!shard.ShardId || this.iterators.has(shard.ShardId)) continue;
      const out = await this.streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: position }));
      this.iterators.set(shard.ShardId, out.ShardIterator);
    }
  }

  private async run(streamArn: string): Promise<void> {
    while (!this.stopped) {
      try {
        await this.discover(streamArn, 'TRIM_HORIZON');
        for (const [shardId, iterator] of this.iterators) if (iterator) await this.readShard(streamArn, shardId, iterator);
      } catch (error) {
        if (!this.stopped) logger.error('local webhooks: stream read failed', { error: error instanceof Error ? error.message : String(error) });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
    }
  }

  private async readShard(streamArn: string, shardId: string, iterator: string): Promise<void> {
    let out;
    try {
      out = await this.streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
    } catch (error) {
      // DynamoDB Local, busy with other tables, may answer an iterator as past the shard's oldest
      // record (or expired): start it again from the oldest record it holds. Records read twice
      // are harmless: a repeated fan-out puts no delivery twice and sends none already attempted.
      const name = error instanceof Error ? error.name : '';
      if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') throw error;
      const again = await this.streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }));
      this.iterators.set(shardId, again.ShardIterator);
      return;
    }
    const records = (out.Records ?? []).filter(ofTenant).map(lambdaRecord);
    if (records.length) {
      const { batchItemFailures } = await fanOutHandler({ Records: records });
      // Read again on the next poll, as the event source mapping retries (from the failed record:
      // here the whole batch, which is as safe, since a repeated fan-out puts nothing twice).
      if (batchItemFailures.length) return;
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

export interface LocalWebhooks {
  stop(): Promise<void>;
}

/** Plugs the in-process queue in and starts reading the table's stream. */
export async function startLocalWebhooks(endpoint: string, tableName: string): Promise<LocalWebhooks> {
  const queue = new LocalWebhookQueue();
  useWebhookQueue(queue);
  const reader = new StreamReader(endpoint, tableName);
  await reader.start();
  return {
    stop: async () => {
      await reader.stop();
      await queue.stop();
      useWebhookQueue(undefined);
    },
  };
}
