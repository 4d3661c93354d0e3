/** Calendar dates of instants in a tenant's timezone (reports and derived states are by local day). */

/**
 * The day a cost counts on (DECISIONS.md "Money and metrics"): the day its activity ran (`startAt`
 * in the tenant's timezone), or the day the cost was created when the activity has no startAt.
 */
export function costDay(activityStartAt: string | null, costCreatedAt: string, timeZone: string): string {
  return localDate(activityStartAt ?? costCreatedAt, timeZone);
}

/**
 * The day an activity's first reading counts on (DECISIONS.md "Figures a reader can check"): a
 * reading is a lifetime total, so it counts on the day the activity ran, as its costs do
 * (`costDay`), when its startAt is known and not after the reading; otherwise on the reading's own
 * day. `backdated`: that day is before the reading's own.
 */
export function firstReadingDay(activityStartAt: string | null, fetchedAt: string, timeZone: string): { day: string; backdated: boolean } {
  const published = activityStartAt !== null && Date.parse(activityStartAt) <= Date.parse(fetchedAt);
  const day = costDay(published ? activityStartAt : null, fetchedAt, timeZone);
  return { day, backdated: day !== localDate(fetchedAt, timeZone) };
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a timezone. */
export function localDate(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}
