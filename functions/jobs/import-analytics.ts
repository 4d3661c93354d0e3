/**
 * Scheduled job (every 15 minutes, infra/analytics-import.ts): imports every connected
 * organization's analytics property that is due — its 90-day backfill if it has none yet (a property
 * select-property just chose), else its last days once a day, replacing the days GA4 has revised since.
 */
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { importAllConnected } from './analytics-import/import.ts';

export const handler = observedJob('import-analytics', async () => {
  const counts = await importAllConnected();
  logger.info('import-analytics', counts);
  return counts;
});
