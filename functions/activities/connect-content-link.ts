/**
 * POST /v1/activities/content-link/connect — sets the activity's content link (a content URL of
 * its own channel's platform) and makes a metric fetch due at once: the activity is due now in the
 * refresh's due index and put on its queue.
 */
import * as z from 'zod/mini';
import { activityFromItem, updateActivity } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Channel } from '../../shared/schemas/enums.ts';
import { checkContentUrl, Href } from './inputs.ts';
import { activityView } from './views.ts';
import { ActivityRecord } from '../../shared/schemas/records/activity.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/activities/content-link/connect'),
  output: okReply(ActivityRecord),
  input: z.strictObject({ activityId: Uuid, platform: Channel, contentUrl: Href }),
  tenantOf: recordTenant('activity', 'activityId'),
  record: activityFromItem,
  run: async ({ input: { activityId, platform, contentUrl }, record }) => {
    const current = record;
    if (platform !== current.channel) {
      throw invalidInput(`The activity is on ${current.channel}, not ${platform}.`, [
        { path: 'platform', message: 'Must be the activity\'s channel.' },
      ]);
    }
    checkContentUrl(platform, contentUrl, 'contentUrl');
    // Reconnecting the same link still asks for a fresh fetch: due now, and the table's stream puts
    // it on the refresh queue (functions/jobs/metric-refresh/queue-due-readings.ts).
    const changed = await updateActivity(current.organizationId, activityId, { contentHref: contentUrl }, { tracking: 'due', expected: current });
    return ok(await activityView(changed));
  },
});
