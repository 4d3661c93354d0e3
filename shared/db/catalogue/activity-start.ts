/**
 * An activity's start: what counts on the day the activity ran moves with it. Setting it moves its
 * costs' spend (activity-spend-days.ts `setStartAtMovingSpend`, the one writer of `startAt`), then
 * its first reading's increase (first-reading.ts `placeFirstReading`). Each move is idempotent, so
 * a retried request finishes whatever a failed one left undone.
 */
import { setStartAtMovingSpend } from './activity-spend-days.ts';
import { placeFirstReading } from '../metrics/first-reading.ts';

/** Sets the activity's start and moves its spend and first reading to the day it implies in `timeZone` (the tenant's). */
export async function setActivityStart(
  tenantId: string,
  activity: { id: string; createdAt: string },
  startAt: string | null,
  timeZone: string,
): Promise<void> {
  await setStartAtMovingSpend(tenantId, activity, startAt, timeZone);
  await placeFirstReading(tenantId, activity.id, timeZone);
}
