/**
 * The campaign status sweep on this machine: the cloud's hourly job (functions/jobs/
 * sweep-campaign-status.ts) run in-process on an interval (`npm start`: every minute), and at once
 * by `POST /local/jobs/sweep-campaign-status`, which answers what it did (`{due, announced}`).
 */
import { sweepCampaignStatuses, type SweepCounts } from '../../shared/db/campaigns/index.ts';
import { logger } from '../../shared/support/logger.ts';
import { onInterval, oneAtATime } from './background.ts';

export function startLocalCampaignStatusSweep(everyMs?: number): { runOnce(): Promise<SweepCounts>; stop(): void } {
  // One run at a time, as one scheduled invocation after another.
  const serialized = oneAtATime();
  const runOnce = () => serialized(() => sweepCampaignStatuses());
  const stop = onInterval(everyMs, runOnce, (error) => logger.error('local campaign status sweep failed', { error: String(error) }));
  return { runOnce, stop };
}
