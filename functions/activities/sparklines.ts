/**
 * GET /v1/activities/sparklines — one daily series per activity. All ids must be activities of the
 * first one's tenant (else 404). Each series is the last 30 days in the tenant's timezone, oldest
 * first, each day's increase of impressions and engagement (docs/decisions.md), zero-filled: read from
 * the activities' sparkline buckets (shared/db/metrics/sparkline-buckets.ts), at most 2 per activity, in one
 * batch with the activity items, whatever the tenant's size.
 */
import * as z from 'zod/mini';
import { readSparklines } from '../../shared/db/metrics/index.ts';
import { lastDays } from '../../shared/domain/reporting/days.ts';
import { locate } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { notFound } from '../../shared/http/problem.ts';
import { list } from '../../shared/http/result.ts';
import { arrayInput, Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { SparklineRecord } from '../../shared/schemas/records/stats.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

const SPARKLINE_DAYS = 30;

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities/sparklines'),
  output: listReply(SparklineRecord),
  input: z.strictObject({ activityIds: arrayInput(Uuid, { min: 1, max: 100 }) }),
  tenantOf: (input) => locate('activity', input.activityIds[0]!),
  run: async ({ input: { activityIds }, tenant }) => {
    const ids = [...new Set(activityIds)];
    const dates = lastDays(SPARKLINE_DAYS, timeZoneOf(tenant.details));
    const items = await readSparklines(tenant.tenantId, ids, dates);
    if (!items) throw notFound('An activity');
    return list({ items, totalCount: ids.length });
  },
});
