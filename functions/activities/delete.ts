/** DELETE /v1/activities/:id — deletes the activity, permanently: costs, creator links, the activity and its pointer, with every counter. */
import * as z from 'zod/mini';
import { deleteActivity } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/activities/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ activityId: Uuid }),
  tenantOf: recordTenant('activity', 'activityId'),
  run: async ({ input: { activityId }, tenant }) => {
    await deleteActivity(tenant.tenantId, activityId);
    return deleted(activityId);
  },
});
