/**
 * Scheduled job (daily, infra/analytics-import.ts): re-imports the last days of every connected
 * organization's analytics property, replacing the days GA4 has revised since.
 */
import { logger } from '../../shared/support/logger.ts';
import { importAllConnected } from './analytics-import/import.ts';

export async function handler() {
  const counts = await importAllConnected();
  logger.info('import-analytics', counts);
  return counts;
}
