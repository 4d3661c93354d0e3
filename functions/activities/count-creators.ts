/** GET /v1/activities/creators/count — how many creators are linked to an activity. */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { count } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { linksOfTenantActivity } from './linked-creators.ts';
import { countReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities/creators/count'),
  output: countReply,
  input: z.strictObject({ organizationId: Uuid, activityId: Uuid }),
  run: async ({ input: { organizationId, activityId } }) =>
    count((await linksOfTenantActivity(organizationId, activityId)).length),
});
