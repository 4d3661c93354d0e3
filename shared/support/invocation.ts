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

/**
 * What retries the invocation may still make, whichever loop makes them: one budget for the whole
 * request, so loops nested in one another (a read-then-write round around a transaction) never
 * multiply their attempts, and none runs into the time the invocation needs to answer.
 */
export interface RetryBudget {
  left: number;
  /** Epoch milliseconds after which no retry starts (the function's deadline less the time to answer). */
  deadline: number;
}

export interface Invocation {
  tally: Tally;
  metrics: MetricPoint[];
  retryBudget: RetryBudget;
}

const storage = new AsyncLocalStorage<Invocation>();

/** Retries a request may make in all: a job's messages each get a loop's own attempts, within its time. */
export const REQUEST_RETRIES = 8;

/** The time kept to answer once retries stop: a 409 written and logged, not a Lambda timeout. */
export const ANSWER_MARGIN_MS = 1_500;

const fresh = (retries: number, remainingMs: number | undefined): Invocation => ({
  tally: { dynamoCalls: 0, consumedCapacity: 0, retries: 0, throttles: 0 },
  metrics: [],
  retryBudget: {
    left: retries,
    deadline: remainingMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + remainingMs - ANSWER_MARGIN_MS,
  },
});

/**
 * Starts an invocation for the rest of the current execution and what it awaits (middy's first
 * `before` step, which cannot wrap the handler in `run`): each request of the local server runs
 * in its own asynchronous context, so concurrent requests never share one.
 */
export function enterInvocation(remainingMs?: number): Invocation {
  const invocation = fresh(REQUEST_RETRIES, remainingMs);
  storage.enterWith(invocation);
  return invocation;
}

/** Runs `work` as one invocation (a job run), its retries bounded by its remaining time only. */
export function inInvocation<T>(work: (invocation: Invocation) => Promise<T>, remainingMs?: number): Promise<T> {
  const invocation = fresh(Number.POSITIVE_INFINITY, remainingMs);
  return storage.run(invocation, () => work(invocation));
}

/**
 * Takes one retry from the current invocation's budget, to start after waiting `waitMs`: false when
 * none is left or it would start past the deadline. Outside an invocation, always true (the loop's
 * own attempts bound it).
 */
export function takeRetry(waitMs: number): boolean {
  const budget = storage.getStore()?.retryBudget;
  if (!budget) return true;
  if (budget.left <= 0 || Date.now() + waitMs > budget.deadline) return false;
  budget.left -= 1;
  return true;
}

export function currentInvocation(): Invocation | undefined {
  return storage.getStore();
}

/** Adds to the current invocation's tally (nothing outside one). */
export function count(field: keyof Tally, by = 1): void {
  const invocation = storage.getStore();
  if (invocation) invocation.tally[field] += by;
}
