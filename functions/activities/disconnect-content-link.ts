/** POST /v1/activities/content-link/disconnect — removes the content link; automatic tracking stops. Stored snapshots stay. */
import * as z from 'zod/mini';
import { activityFromItem, updateActivity } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { activityView } from './views.ts';
import { ActivityRecord } from '../../shared/schemas/records/activity.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/activities/content-link/disconnect'),
  output: okReply(ActivityRecord),
  input: z.strictObject({ activityId: Uuid }),
  tenantOf: recordTenant('activity', 'activityId'),
  record: activityFromItem,
  run: async ({ input: { activityId }, record }) => {
    const current = record;
    const changed = await updateActivity(
      current.organizationId,
      activityId,
      { contentHref: null },
      { tracking: 'stop' },
    );
    return ok(await activityView(changed));
  },
});
