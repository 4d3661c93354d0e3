/** GET /v1/activities/:id — full details, with the ids of the linked creators. */
import * as z from 'zod/mini';
import { activityFromItem } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { activityView } from './views.ts';
import { ActivityRecord } from '../../shared/schemas/records/activity.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities/:id'),
  output: okReply(ActivityRecord),
  input: z.strictObject({ activityId: Uuid }),
  tenantOf: recordTenant('activity', 'activityId'),
  record: activityFromItem,
  run: async ({ record }) => ok(await activityView(record)),
});
