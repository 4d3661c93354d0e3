/**
 * A selected property's first import on this machine: select-property answers at once and the
 * 90-day import runs here, in-process, in the background (in the cloud the scheduled import does
 * it). A failure is logged and left, as in the cloud, to the next import
 * (`POST /local/jobs/import-analytics`).
 */
import { importAnalytics } from '../../functions/jobs/analytics-import/import.ts';
import { BACKFILL_DAYS } from '../../shared/domain/analytics.ts';
import { useFirstImportStarter } from '../../shared/integrations/first-import/index.ts';
import { logger } from '../../shared/support/logger.ts';
import { inFlight } from './background.ts';

export interface LocalFirstImports {
  /** Takes the starter out and waits for the imports under way, so that none outlives the table. */
  stop(): Promise<void>;
}

export function startLocalFirstImports(): LocalFirstImports {
  const running = inFlight();
  useFirstImportStarter({
    start: (tenantId) =>
      running.track(
        importAnalytics(tenantId, BACKFILL_DAYS)
          .then((outcome) => logger.info('analytics first import', { tenantId, outcome }))
          .catch((error: unknown) => logger.error('analytics first import failed', { tenantId, error: String(error) })),
      ),
  });
  return {
    stop: async () => {
      useFirstImportStarter(undefined);
      await running.settled();
    },
  };
}
