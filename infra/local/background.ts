/**
 * How `npm start` runs the cloud's jobs in-process: one run at a time (as one scheduled invocation
 * after another), on an interval, and work started in the background that `stop` waits for so that
 * none outlives the table.
 */
import { logger } from '../../shared/support/logger.ts';

/**
 * Runs each piece of work after the one before has settled; a failure does not stop the next. The
 * work is called with no argument, never with what the run before answered: a job's first parameter
 * may have a default (the status sweep's `now`).
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(() => work());
    last = run.catch(() => undefined);
    return run;
  };
}

/** Runs `run` every `everyMs` (none when undefined), a failure handed to `failed`; answers how to stop it. The timer keeps no process alive. */
export function onInterval(
  everyMs: number | undefined,
  run: () => Promise<unknown>,
  failed: (error: unknown) => void,
): () => void {
  if (!everyMs) return () => {};
  const timer = setInterval(() => void run().catch(failed), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A cloud's scheduled job run in-process: every `everyMs` (none when undefined; a failed run is
 * logged as `what`), and at once by `runOnce`, one run at a time either way, as one scheduled
 * invocation after another.
 */
export function localJob<T>(
  what: string,
  run: () => Promise<T>,
  everyMs?: number,
): { runOnce(): Promise<T>; stop(): void } {
  const serialized = oneAtATime();
  const runOnce = () => serialized(run);
  const stop = onInterval(everyMs, runOnce, (error) => logger.error(`local ${what} failed`, { error: String(error) }));
  return { runOnce, stop };
}

/**
 * Work under way in the background: `track` a run (which logs its own failure), `settled` waits for
 * every run tracked and not yet over.
 */
export function inFlight(): { track(run: Promise<unknown>): void; settled(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  return {
    track: (run) => {
      const tracked = run
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => running.delete(tracked));
      running.add(tracked);
    },
    settled: async () => {
      await Promise.allSettled([...running]);
    },
  };
}
