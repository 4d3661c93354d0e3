/**
 * Scheduled job: completes organization deletions that a request started but did not finish
 * (Lambda timeout on a large tenant, a crash). DELETE /v1/organizations/:id marks the tenant first,
 * so the API already treats it as gone; this makes the removal complete.
 */
import { finishInterruptedDeletions } from '../../shared/db/tenancy/index.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';

export const handler = observedJob('finish-tenant-deletions', async (): Promise<{ finished: string[] }> => {
  const finished = await finishInterruptedDeletions();
  logger.info('finish-tenant-deletions', { finished: finished.length });
  return { finished };
});
