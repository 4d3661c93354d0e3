/** Input schemas and checks shared by more than one Activities route (not a handler). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { ACTIVITY_TYPES, isActivityTypeOf } from '../../shared/domain/activity-types.ts';
import { isContentUrlOf } from '../../shared/domain/content-links.ts';
import { aPlatform } from '../../shared/domain/platform-names.ts';
import type { ChannelName } from '../../shared/domain/activity-types.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { intInput, text } from '../../shared/schemas/common.ts';

export const ActivityType = /* @__PURE__ */ droppable(() => z.enum(ACTIVITY_TYPES));

/** A manual count: a non-negative integer, or null to clear it. */
export const ManualCount = /* @__PURE__ */ droppable(() => z.nullable(intInput(0, Number.MAX_SAFE_INTEGER)));

export const Href = /* @__PURE__ */ droppable(() => text(1, 2048));

export function checkActivityType(channel: string, activity: string): void {
  if (!isActivityTypeOf(channel, activity)) {
    throw invalidInput(`${activity} is not an activity type of ${channel}.`, [
      { path: 'activity', message: `Not an activity type of the ${channel} channel.` },
    ]);
  }
}

export function checkContentUrl(platform: string, url: string, path: string): void {
  if (!isContentUrlOf(platform as ChannelName, url)) {
    const named = aPlatform(platform as ChannelName);
    throw invalidInput(`Not ${named} content URL.`, [{ path, message: `Must be ${named} content URL.` }]);
  }
}
