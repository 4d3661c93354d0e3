/** DELETE /v1/activities/:id/creators/:creatorId — removes that creator's costs on this activity, then the link (with both counters). */
import * as z from 'zod/mini';
import { unlinkCreator, linksOfActivity, deleteCostsOfCreatorOnActivity } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { notFound } from '../../shared/http/problem.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/activities/:id/creators/:creatorId'),
  output: okReply(Deleted),
  input: z.strictObject({ activityId: Uuid, creatorId: Uuid }),
  tenantOf: recordTenant('activity', 'activityId'),
  run: async ({ input: { activityId, creatorId }, tenant }) => {
    const tenantId = tenant.tenantId;
    if (!(await linksOfActivity(tenantId, activityId)).some((l) => l.creatorId === creatorId))
      throw notFound('The creator link');
    // Costs before the link: if the request fails in between, a retry still finds the link and finishes.
    await deleteCostsOfCreatorOnActivity(tenantId, activityId, creatorId);
    await unlinkCreator(tenantId, activityId, creatorId);
    return deleted(creatorId);
  },
});
