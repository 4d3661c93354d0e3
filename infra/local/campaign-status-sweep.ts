/**
 * The campaign status sweep on this machine: the cloud's hourly job (functions/jobs/
 * sweep-campaign-status.ts) run in-process on an interval (`npm start`: every minute), and at once
 * by `POST /local/jobs/sweep-campaign-status`, which answers what it did (`{due, announced}`).
 */
import { sweepCampaignStatuses, type SweepCounts } from '../../shared/db/campaigns/index.ts';
import { logger } from '../../shared/support/logger.ts';

export function startLocalCampaignStatusSweep(everyMs?: number): { runOnce(): Promise<SweepCounts>; stop(): void } {
  let last: Promise<unknown> = Promise.resolve();
  // One run at a time, as one scheduled invocation after another.
  const runOnce = () => {
    const run = last.then(() => sweepCampaignStatuses());
    last = run.catch(() => undefined);
    return run;
  };
  const timer = everyMs
    ? setInterval(() => {
        runOnce().catch((error) => logger.error('local campaign status sweep failed', { error: String(error) }));
      }, everyMs)
    : undefined;
  timer?.unref();
  return {
    runOnce,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
