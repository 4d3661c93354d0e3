/**
 * PATCH /v1/activities/:id — updates the activity, only the fields sent; the type is checked against the resulting
 * channel, the content link against its platform. A changed link records that a fetch is due; a
 * changed start moves the spend of its costs, and its first reading, to the day it now ran; a
 * changed manual count adds its increase to today's metric history in the tenant's timezone.
 */
import * as z from 'zod/mini';
import { activityFromItem, updateActivity, setActivityStart } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { ok } from '../../shared/http/result.ts';
import { DateTime, text, Uuid } from '../../shared/schemas/common.ts';
import { checkDates } from '../../shared/schemas/date-order.ts';
import { Channel } from '../../shared/schemas/enums.ts';
import { ActivityType, checkActivityType, checkContentUrl, Href, ManualCount } from './inputs.ts';
import { activityView } from './views.ts';
import { ActivityRecord } from '../../shared/schemas/records/activity.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/activities/:id'),
  output: okReply(ActivityRecord),
  input: z.strictObject({
    activityId: Uuid,
    // interface.md lists name as required on update: the message says so, as a PATCH of manual counts alone would leave it out.
    name: text(1, 500, 'Required. A PATCH of an activity sends its name.'),
    channel: z.optional(Channel),
    activity: z.optional(ActivityType),
    startAt: z.optional(z.nullable(DateTime)),
    endAt: z.optional(z.nullable(DateTime)),
    contentHref: z.optional(z.nullable(Href)),
    viewsCount: z.optional(ManualCount),
    likeCount: z.optional(ManualCount),
    replyCount: z.optional(ManualCount),
  }),
  tenantOf: recordTenant('activity', 'activityId'),
  record: activityFromItem,
  run: async ({ input: { activityId, startAt, ...changes }, record, tenant }) => {
    const current = record;
    const channel = changes.channel ?? current.channel;
    checkActivityType(channel, changes.activity ?? current.activity);
    checkDates(
      startAt === undefined ? current.startAt : startAt,
      changes.endAt === undefined ? current.endAt : changes.endAt,
    );
    // A link kept while the channel changes must still be one of the (new) channel's platform.
    const href = changes.contentHref === undefined ? current.contentHref : changes.contentHref;
    if (href && (changes.contentHref !== undefined || changes.channel !== undefined)) {
      checkContentUrl(channel, href, changes.contentHref !== undefined ? 'contentHref' : 'channel');
    }
    const linkChanged = changes.contentHref !== undefined && changes.contentHref !== current.contentHref;
    const tracking = linkChanged ? (changes.contentHref ? 'due' : 'stop') : undefined;
    const timeZone = timeZoneOf(tenant.details);
    // A new start moves its costs' spend and its first reading to the day it ran (activity-start.ts).
    if (startAt !== undefined && startAt !== current.startAt)
      await setActivityStart(current.organizationId, current, startAt, timeZone);
    // A manual count change is counted on today's day rollups in the tenant's timezone.
    const changed = await updateActivity(current.organizationId, activityId, changes, {
      tracking,
      expected: current,
      timeZone,
    });
    return ok(await activityView(changed));
  },
});
