/**
 * POST /v1/activities/content-link/connect — sets the activity's content link (a content URL of
 * its own channel's platform) and makes a metric fetch due at once: the activity is due now in the
 * refresh's due index and put on its queue. On a platform that publishes no metrics of other
 * people's content (TikTok, LinkedIn) the answer already says so (`metricsUnavailableReason`).
 */
import * as z from 'zod/mini';
import { activityFromItem, getActivity, updateActivity } from '../../shared/db/catalogue/index.ts';
import { markUnavailable } from '../../shared/db/metrics/index.ts';
import { WITHOUT_PUBLIC_METRICS } from '../../shared/domain/metric-readings.ts';
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
        { path: 'platform', message: "Must be the activity's channel." },
      ]);
    }
    checkContentUrl(platform, contentUrl, 'contentUrl');
    // Reconnecting the same link still asks for a fresh fetch: due now, and the table's stream puts
    // it on the refresh queue (functions/jobs/metric-refresh/queue-due-readings.ts).
    const changed = await updateActivity(
      current.organizationId,
      activityId,
      { contentHref: contentUrl },
      { tracking: 'due', expected: current },
    );
    if (!WITHOUT_PUBLIC_METRICS.has(platform)) return ok(await activityView(changed));
    // What the refresh would find (platforms/cloud.ts), said now, with the aggregates' counters that name it.
    await markUnavailable(current.organizationId, activityId, 'platform_has_no_public_metrics');
    const marked = await getActivity(current.organizationId, activityId, { consistent: true });
    return ok(await activityView(marked ?? changed));
  },
});
