/**
 * GET /v1/activities/sparklines — one daily series per activity. All ids must be activities of the
 * first one's tenant (else 404). No daily metric snapshots are stored yet, so every series is
 * empty: numbers are never invented.
 */
import * as z from 'zod/mini';
import { activitiesByIds } from '../../shared/db/activities.ts';
import { locate } from '../../shared/db/records.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes.ts';
import { notFound } from '../../shared/http/problem.ts';
import { list } from '../../shared/http/result.ts';
import { arrayInput, Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { SparklineRecord } from '../../shared/schemas/records/stats.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities/sparklines'),
  output: listReply(SparklineRecord),
  input: z.strictObject({ activityIds: arrayInput(Uuid, { min: 1, max: 100 }) }),
  tenantOf: (input) => locate('activity', input.activityIds[0]!),
  run: async ({ input: { activityIds }, tenant }) => {
    const ids = [...new Set(activityIds)];
    const found = new Set((await activitiesByIds(tenant.tenantId, ids)).map((a) => a.id));
    if (ids.some((id) => !found.has(id))) throw notFound('An activity');
    return list({ items: ids.map((activityId) => ({ activityId, points: [] })), totalCount: ids.length });
  },
});
