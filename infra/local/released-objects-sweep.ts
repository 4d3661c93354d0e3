/**
 * The object sweep on this machine: the cloud's scheduled job (functions/jobs/delete-released-objects.ts)
 * run in-process on an interval (`npm start`: every minute) against the S3 emulator, and at once by
 * `POST /local/jobs/delete-released-objects`, which answers what it did (`{deleted, failed}`).
 */
import { deleteReleasedObjects, type SweepResult } from '../../shared/db/storage/index.ts';
import { logger } from '../../shared/support/logger.ts';
import { onInterval, oneAtATime } from './background.ts';

export function startLocalReleasedObjectsSweep(everyMs?: number): { runOnce(): Promise<SweepResult>; stop(): void } {
  // One run at a time, as one scheduled invocation after another.
  const serialized = oneAtATime();
  const runOnce = () => serialized(() => deleteReleasedObjects());
  const stop = onInterval(everyMs, runOnce, (error) => logger.error('local object sweep failed', { error: String(error) }));
  return { runOnce, stop };
}
