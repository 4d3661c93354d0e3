/**
 * What one invocation (a request, a job run) did, gathered while it runs: its DynamoDB calls and
 * consumed capacity (shared/db/table/client.ts), our retry policy's retries and throttles
 * (shared/db/table/retry.ts) and the metrics it emits (metrics.ts). Kept per invocation in an
 * AsyncLocalStorage, not in module state: the local server runs concurrent requests in one process.
 * Outside an invocation (a test calling a repository, a script) nothing is gathered.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Tally {
  dynamoCalls: number;
  /** Capacity units DynamoDB reports (ReturnConsumedCapacity TOTAL), reads and writes summed. */
  consumedCapacity: number;
  retries: number;
  throttles: number;
}

/** One metric value, with the dimensions of its set (service and stage are added when written). */
export interface MetricPoint {
  name: string;
  unit: 'Count' | 'Milliseconds';
  value: number;
  dimensions: Readonly<Record<string, string>>;
}

export interface Invocation {
  tally: Tally;
  metrics: MetricPoint[];
}

const storage = new AsyncLocalStorage<Invocation>();

const fresh = (): Invocation => ({ tally: { dynamoCalls: 0, consumedCapacity: 0, retries: 0, throttles: 0 }, metrics: [] });

/**
 * Starts an invocation for the rest of the current execution and what it awaits (middy's first
 * `before` step, which cannot wrap the handler in `run`): each request of the local server runs
 * in its own asynchronous context, so concurrent requests never share one.
 */
export function enterInvocation(): Invocation {
  const invocation = fresh();
  storage.enterWith(invocation);
  return invocation;
}

/** Runs `work` as one invocation (a job run). */
export function inInvocation<T>(work: (invocation: Invocation) => Promise<T>): Promise<T> {
  const invocation = fresh();
  return storage.run(invocation, () => work(invocation));
}

export function currentInvocation(): Invocation | undefined {
  return storage.getStore();
}

/** Adds to the current invocation's tally (nothing outside one). */
export function count(field: keyof Tally, by = 1): void {
  const invocation = storage.getStore();
  if (invocation) invocation.tally[field] += by;
}
