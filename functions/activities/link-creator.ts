/** POST /v1/activities/:id/creators — links a creator of the tenant (409 when already linked). */
import * as z from 'zod/mini';
import { linkCreator } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { ActivityCreatorLinkRecord } from '../../shared/schemas/records/activity.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/activities/:id/creators'),
  output: createdReply(ActivityCreatorLinkRecord),
  input: z.strictObject({ activityId: Uuid, creatorId: Uuid }),
  tenantOf: recordTenant('activity', 'activityId'),
  run: async ({ input: { activityId, creatorId }, tenant }) =>
    created(await linkCreator(tenant.tenantId, activityId, creatorId)),
});
