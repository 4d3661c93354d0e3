/** POST /v1/activities — an activity of a type valid for its channel, optionally auto-linked to a creator. */
import * as z from 'zod/mini';
import { createActivity } from '../../shared/db/catalogue/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { created } from '../../shared/http/result.ts';
import { DateTime, text, Uuid } from '../../shared/schemas/common.ts';
import { checkDates } from '../../shared/schemas/date-order.ts';
import { Channel } from '../../shared/schemas/enums.ts';
import { ActivityType, checkActivityType } from './inputs.ts';
import { activityView } from './views.ts';
import { ActivityRecord } from '../../shared/schemas/records/activity.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/activities'),
  output: createdReply(ActivityRecord),
  input: z.strictObject({
    organizationId: Uuid,
    channel: Channel,
    activity: ActivityType,
    name: text(1, 500),
    startAt: z.optional(z.nullable(DateTime)),
    endAt: z.optional(z.nullable(DateTime)),
    creatorId: z.optional(Uuid),
  }),
  run: async ({ input: { organizationId, ...input } }) => {
    checkActivityType(input.channel, input.activity);
    checkDates(input.startAt, input.endAt);
    return created(await activityView(await createActivity(organizationId, input)));
  },
});
