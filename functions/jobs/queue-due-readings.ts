/**
 * Stream consumer (infra/metric-refresh.ts): puts on the refresh queue each reading a write made due
 * at once (a content link connected or changed, a social account added: due-at-once.ts), so it is
 * read within seconds. The routes that make those writes used to send it themselves, which carried
 * the SQS client into their bundles and an SQS call into their requests. The due index stays the
 * source of truth: a send that fails is logged, and the dispatcher finds the reading when it runs.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { refreshSoon } from '../../shared/integrations/refresh-queue/index.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { dueAtOnce } from './metric-refresh/due-at-once.ts';
import { streamChangeOf } from './stream-change.ts';

export const handler = observedJob('queue-due-readings', async (event: DynamoDBStreamEvent): Promise<{ queued: number }> => {
  const due = event.Records.flatMap((record) => {
    const change = streamChangeOf(record);
    const reading = change && dueAtOnce(change);
    return reading ? [reading] : [];
  });
  if (due.length) await refreshSoon(due);
  logger.info('queue-due-readings', { records: event.Records.length, queued: due.length });
  return { queued: due.length };
});
