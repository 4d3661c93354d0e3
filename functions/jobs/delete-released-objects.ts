/**
 * Scheduled job, every few minutes: deletes the stored objects that deletions released (a
 * creator's, an activity's or a campaign's files, an organization's, a deleted account's avatar),
 * then their records (shared/db/storage). An object S3 did not delete stays for the next run, and
 * the run fails so that its alarm says so.
 */
import { deleteReleasedObjects } from '../../shared/db/storage/index.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';

export const handler = observedJob('delete-released-objects', async () => {
  const result = await deleteReleasedObjects();
  logger.info('delete-released-objects', { ...result });
  if (result.failed > 0) throw new Error(`${result.failed} released object(s) not deleted; kept for the next run`);
  return result;
});
