/**
 * The table's stream read outside Lambda, as the stream consumers' event source mappings would hand
 * it over: by `npm start`'s reader (infra/local/table-stream.ts) and by `npm run redrive --
 * --queue webhook-events`, which reads a failed batch again (infra/scripts/redrive.ts).
 */
import {
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';

type Value = Record<string, unknown>;

/**
 * An image with its empty maps given back: the Streams client reads DynamoDB Local's `{"M": {}}`
 * as `{}` (a tenant's `spend: {}`), which no unmarshall accepts.
 */
function repaired(value: Value): Value {
  if (!Object.keys(value).length) return { M: {} };
  if (value.M) return { M: repairedImage(value.M as Record<string, Value>) };
  if (value.L) return { L: (value.L as Value[]).map(repaired) };
  return value;
}
const repairedImage = (image: Record<string, Value> | undefined) =>
  image && Object.fromEntries(Object.entries(image).map(([name, v]) => [name, repaired(v)]));

/** A record of the Streams API as the Lambda event source hands it over (creation time in seconds). */
export function lambdaRecord(record: StreamRecord): DynamoDBRecord {
  const at = record.dynamodb?.ApproximateCreationDateTime;
  return {
    ...record,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: at ? Math.floor(at.getTime() / 1000) : undefined,
      NewImage: repairedImage(record.dynamodb?.NewImage as Record<string, Value> | undefined),
      OldImage: repairedImage(record.dynamodb?.OldImage as Record<string, Value> | undefined),
    },
  } as DynamoDBRecord;
}

/** As the cloud mapping's filter: a tenant's items only. */
export const ofTenant = (record: StreamRecord) => record.dynamodb?.Keys?.pk?.S?.startsWith('TENANT#') ?? false;

/** Where a failed batch was, as a stream mapping's on-failure destination names it (`DDBStreamBatchInfo`). */
export interface StreamBatchInfo {
  streamArn: string;
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
}

/** Empty answers in a row after which a batch's end is taken as unreachable (an empty page may come before the data). */
const EMPTY_PAGES = 5;

/**
 * The batch's records again, from its first sequence number to its last. Throws the Streams API's
 * TrimmedDataAccessException when the stream no longer holds them (it keeps 24 hours), and an error
 * when the end never comes.
 */
export async function readStreamBatch(streams: DynamoDBStreamsClient, batch: StreamBatchInfo): Promise<StreamRecord[]> {
  const end = BigInt(batch.endSequenceNumber);
  let iterator = (
    await streams.send(
      new GetShardIteratorCommand({
        StreamArn: batch.streamArn,
        ShardId: batch.shardId,
        ShardIteratorType: 'AT_SEQUENCE_NUMBER',
        SequenceNumber: batch.startSequenceNumber,
      }),
    )
  ).ShardIterator;
  const records: StreamRecord[] = [];
  for (let empty = 0; iterator && empty < EMPTY_PAGES; ) {
    const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
    const page = out.Records ?? [];
    empty = page.length ? 0 : empty + 1;
    for (const record of page) {
      const sequence = BigInt(record.dynamodb?.SequenceNumber ?? '0');
      if (sequence > end) return records;
      records.push(record);
      if (sequence === end) return records;
    }
    iterator = out.NextShardIterator;
  }
  // A closed shard ends at its last record; anything else short of the end is not the whole batch.
  if (!iterator) return records;
  throw new Error(
    `Read ${records.length} record(s) of shard ${batch.shardId} without reaching sequence number ${batch.endSequenceNumber}.`,
  );
}
