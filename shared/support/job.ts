/**
 * The wrapper of every job handler (stream and queue consumers, scheduled jobs): runs it as one
 * invocation (invocation.ts), then logs one line for the run (job, outcome, coldStart, durationMs,
 * its DynamoDB calls, consumed capacity, retries and throttles) and flushes the metrics its code
 * added, once. The job logs its own per-message outcomes (ids and outcomes only, never personal data).
 */
import { inInvocation } from './invocation.ts';
import { logger } from './logger.ts';
import { flushMetrics } from './metrics.ts';

export function observedJob<A extends unknown[], R>(
  job: string,
  run: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  let cold = true;
  return (...args) =>
    inInvocation(async (invocation) => {
      const coldStart = cold;
      cold = false;
      const startedAt = performance.now();
      let outcome = 'error';
      try {
        const result = await run(...args);
        outcome = 'ok';
        return result;
      } finally {
        const { dynamoCalls, consumedCapacity, retries, throttles } = invocation.tally;
        const durationMs = Math.round((performance.now() - startedAt) * 100) / 100;
        logger.info('job', {
          job,
          outcome,
          coldStart,
          durationMs,
          dynamoCalls,
          consumedCapacity: Math.round(consumedCapacity * 100) / 100,
          retries,
          throttles,
        });
        flushMetrics(invocation);
      }
    }, remainingMsOf(args));
}

/** The Lambda context's remaining time, when the job was handed one (its second argument, by Lambda's convention). */
function remainingMsOf(args: readonly unknown[]): number | undefined {
  const context = args[1] as { getRemainingTimeInMillis?: unknown } | undefined;
  return typeof context?.getRemainingTimeInMillis === 'function'
    ? (context.getRemainingTimeInMillis as () => number)()
    : undefined;
}
