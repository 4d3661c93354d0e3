/**
 * Scheduled job (hourly, infra/campaign-status-sweep.ts): announces the status of the campaigns
 * whose derived status time has moved — a start day that has begun, an end day that is over, in
 * each tenant's timezone — so that the table's stream shows the move and `campaign.status_changed`
 * goes out (shared/db/campaigns/status-sweep.ts).
 */
import { sweepCampaignStatuses } from '../../shared/db/campaigns/index.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';

export const handler = observedJob('sweep-campaign-status', async () => {
  const counts = await sweepCampaignStatuses();
  logger.info('sweep-campaign-status', { ...counts });
  return counts;
});
