// The observability code alone (docs/operate.md): the metrics emitter, the per-invocation
// tally and the job wrapper, as a job would use them: what it adds to any function.
import { observedJob } from '../../../shared/support/job.ts';
import { countEmail } from '../../../shared/support/metrics.ts';

export const handler = observedJob('reference', async () => {
  countEmail('sent');
  return { statusCode: 200, body: '{}' };
});
