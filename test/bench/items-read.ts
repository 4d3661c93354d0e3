/**
 * What a request reads from DynamoDB: a middleware on the service's DynamoDB client (the document
 * client shares its stack) asks every read for `ReturnConsumedCapacity: 'TOTAL'` and sums the
 * capacity units and the items read from the responses. Round trips count as `countDynamoCalls`
 * does, but per read only.
 *
 * Items read: a Query's or Scan's `ScannedCount` (items evaluated, before any filter or kind
 * check — what is paid for), a GetItem's item, a BatchGetItem's or TransactGetItems' returned items.
 */
import { dynamoClient } from '../../shared/db/table/client.ts';

export interface ReadTally {
  calls: number;
  itemsRead: number;
  capacityUnits: number;
}

const READS = new Set([
  'QueryCommand',
  'ScanCommand',
  'GetItemCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);

const tally: ReadTally = { calls: 0, itemsRead: 0, capacityUnits: 0 };
let installed = false;

type Capacity = { CapacityUnits?: number } | undefined;

interface ReadOutput {
  Count?: number;
  ScannedCount?: number;
  Item?: unknown;
  Responses?: Record<string, unknown[]> | unknown[];
  ConsumedCapacity?: Capacity | Capacity[];
}

function itemsOf(command: string, output: ReadOutput): number {
  if (command === 'QueryCommand' || command === 'ScanCommand') return output.ScannedCount ?? output.Count ?? 0;
  if (command === 'GetItemCommand') return output.Item ? 1 : 0;
  const responses = output.Responses ?? [];
  // BatchGetItem answers per table; TransactGetItems one entry per key, empty when missing.
  return Array.isArray(responses)
    ? responses.filter((r) => (r as { Item?: unknown }).Item).length
    : Object.values(responses).reduce((sum, items) => sum + items.length, 0);
}

function unitsOf(capacity: ReadOutput['ConsumedCapacity']): number {
  const all = Array.isArray(capacity) ? capacity : [capacity];
  return all.reduce((sum, c) => sum + (c?.CapacityUnits ?? 0), 0);
}

/** Installs the middleware once; the returned tally keeps growing, so read it before and after. */
export function countReads(): { read(): ReadTally } {
  if (!installed) {
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        const command = context.commandName ?? '';
        if (!READS.has(command)) return next(args);
        const input = args.input as Record<string, unknown>;
        const result = await next({ ...args, input: { ...input, ReturnConsumedCapacity: 'TOTAL' } });
        const output = result.output as ReadOutput;
        tally.calls++;
        tally.itemsRead += itemsOf(command, output);
        tally.capacityUnits += unitsOf(output.ConsumedCapacity);
        return result;
      },
      { step: 'initialize', name: 'benchReadCounter' },
    );
    installed = true;
  }
  return { read: () => ({ ...tally }) };
}

/** The reads between two tallies. */
export function readsBetween(before: ReadTally, after: ReadTally): ReadTally {
  return {
    calls: after.calls - before.calls,
    itemsRead: after.itemsRead - before.itemsRead,
    capacityUnits: Math.round((after.capacityUnits - before.capacityUnits) * 10) / 10,
  };
}
