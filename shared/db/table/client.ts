/**
 * Module-scope DynamoDB clients (one per process, reused across invocations).
 *
 * Every data-plane call asks for its consumed capacity (`ReturnConsumedCapacity: 'TOTAL'`), and the
 * call and its capacity units are added to the current invocation's tally (shared/support/
 * invocation.ts), which the request's log line reports.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { count } from '../../support/invocation.ts';

/** The SDK's attempts at one call (its default, stated): a throttled call is tried this many times before the request answers 429. */
export const SDK_ATTEMPTS = 3;

let raw: DynamoDBClient | undefined;
let doc: DynamoDBDocumentClient | undefined;

export function dynamoClient(): DynamoDBClient {
  if (raw) return raw;
  raw = new DynamoDBClient({
    region: config.region(),
    // Throttling is retried here, by the SDK (standard mode: backoff with jitter and a retry quota),
    // and nowhere else; our own loops retry only races (retry.ts).
    retryMode: 'standard',
    maxAttempts: SDK_ATTEMPTS,
    ...(config.dynamoEndpoint() ? { endpoint: config.dynamoEndpoint() } : {}),
  });
  raw.middlewareStack.add(
    (next, context) => async (args) => {
      const counted = CAPACITY_COMMANDS.test(context.commandName ?? '');
      count('dynamoCalls');
      // A copy: the caller's input object stays as it wrote it.
      const result = await next(
        counted ? { ...args, input: { ReturnConsumedCapacity: 'TOTAL', ...args.input } } : args,
      );
      if (counted)
        count('consumedCapacity', unitsOf((result.output as { ConsumedCapacity?: Consumed }).ConsumedCapacity));
      return result;
    },
    { step: 'initialize', name: 'invocationTally' },
  );
  return raw;
}

/** The commands that take `ReturnConsumedCapacity` (the table's data plane; not DescribeTable and the like). */
const CAPACITY_COMMANDS =
  /^(Get|Put|Update|Delete)ItemCommand$|^(Query|Scan|BatchGetItem|BatchWriteItem|TransactGetItems|TransactWriteItems)Command$|^(Get|Put|Update|Delete|Query|Scan|BatchGet|BatchWrite|TransactGet|TransactWrite)Command$/;

type Consumed = { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;

const unitsOf = (consumed: Consumed) => [consumed ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);

export function documentClient(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(dynamoClient(), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return doc;
}

export function tableName(): string {
  return config.tableName();
}

/** Forget the clients, so the next call reads configuration again (tests). */
export function resetClients(): void {
  raw?.destroy();
  raw = undefined;
  doc = undefined;
}
