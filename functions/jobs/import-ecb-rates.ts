/**
 * Scheduled job (each TARGET working day after the ECB's publication, infra/ecb-rates-import.ts):
 * stores the ECB's euro reference rates in the table (shared/db/rates/import.ts) and records how
 * many TARGET working days the stored rates are behind, which the stack's alarm watches
 * (docs/money.md, "Rates stopped").
 */
import { importEcbRates } from '../../shared/db/rates/index.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { recordEcbRatesBehind } from '../../shared/support/metrics.ts';

export const handler = observedJob('import-ecb-rates', async () => {
  const result = await importEcbRates();
  recordEcbRatesBehind(result.workingDaysBehind);
  logger.info('import-ecb-rates', { ...result });
  return result;
});
