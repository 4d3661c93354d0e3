/**
 * GET /v1/reporting/activity/metrics — reads one activity's figures from its item: costs in the
 * organization's currency, impressions, engagement, whether it has metrics (coverage 0 or 1), and
 * CPM and CPE when it has both spend and the denominator; while it has none, why none can be fetched
 * (a platform without public metrics, credentials not configured, content not found) is named in
 * the warnings.
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { ActivityMetricsRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { aggregateOf, metricsReport } from './scope.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/activity/metrics'),
  output: okReply(ActivityMetricsRecord),
  input: z.strictObject({ organizationId: Uuid, activityId: Uuid }),
  run: async ({ input, tenant }) => {
    const activity = await aggregateOf(tenant.tenantId, { kind: 'activity', id: input.activityId });
    // Its own contribution names why it has no metrics (`metricsUnavailableReason`), as its tenant's, campaign's and creators' do.
    const { figures, evidence } = metricsReport(activity, tenant.details);
    return { ...ok({ activityId: input.activityId, currency: tenant.details.currency, ...figures }), meta: evidence };
  },
});
