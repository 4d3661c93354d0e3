/**
 * Scheduled job (every 15 minutes, infra/metric-refresh.ts): puts every activity whose metric
 * reading is due on the refresh queue, for refresh-metrics-worker.ts to read.
 */
import { getRefreshQueue } from '../../shared/integrations/refresh-queue/index.ts';
import { observedJob } from '../../shared/support/job.ts';
import { logger } from '../../shared/support/logger.ts';
import { dispatchDue } from './metric-refresh/dispatch.ts';

export const handler = observedJob('dispatch-metric-refresh', async (): Promise<{ dispatched: number }> => {
  const queue = getRefreshQueue();
  if (!queue) throw new Error('No refresh queue: METRICS_QUEUE_URL is not set');
  const dispatched = await dispatchDue(new Date(), queue);
  logger.info('dispatch-metric-refresh', { dispatched });
  return { dispatched };
});
