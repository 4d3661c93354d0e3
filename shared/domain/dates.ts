/** Calendar dates of instants in a tenant's timezone (reports and derived states are by local day). */

/**
 * The day a cost counts on (docs/decisions.md "Money and metrics"): the day its activity ran (`startAt`
 * in the tenant's timezone), or the day the cost was created when the activity has no startAt.
 */
export function costDay(activityStartAt: string | null, costCreatedAt: string, timeZone: string): string {
  return localDate(activityStartAt ?? costCreatedAt, timeZone);
}

/**
 * The day an activity's first reading counts on (docs/decisions.md "Figures a reader can check"): a
 * reading is a lifetime total, so it counts on the day the activity ran, as its costs do
 * (`costDay`), when its startAt is known and not after the reading; otherwise on the reading's own
 * day. `backdated`: that day is before the reading's own.
 */
export function firstReadingDay(
  activityStartAt: string | null,
  fetchedAt: string,
  timeZone: string,
): { day: string; backdated: boolean } {
  const published = activityStartAt !== null && Date.parse(activityStartAt) <= Date.parse(fetchedAt);
  const day = costDay(published ? activityStartAt : null, fetchedAt, timeZone);
  return { day, backdated: day !== localDate(fetchedAt, timeZone) };
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a timezone. */
export function localDate(instant: string | Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
  // Intl writes a year before 1000 with fewer digits ("1-01-01"), which would not sort as a date.
  return date.replace(/^\d{1,3}-/, (year) => year.padStart(5, '0'));
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** One formatter per timezone: building one costs far more than using it, and the bisection below uses it some 27 times. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's calendar day in a timezone, as the UTC midnight of that date: a number, so any two years compare. */
function localDay(instant: number, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const year = Number(part('year'));
  const day = new Date(0);
  // Not Date.UTC, which reads the years 0 to 99 as 1900 to 1999; 1 BC is the year 0.
  day.setUTCFullYear(part('era') === 'AD' ? year : 1 - year, Number(part('month')) - 1, Number(part('day')));
  return day.getTime();
}

/**
 * The first instant of the calendar day that is UTC midnight `day` (ms), in a timezone: local
 * midnight, or the first instant after it where the clocks skip midnight. Found by bisection
 * between the instants 15 hours either side (every UTC offset lies within that), to the
 * millisecond, so any offset the timezone ever had is exact.
 */
function firstInstantOf(day: number, timeZone: string): Date {
  let before = day - 15 * HOUR_MS;
  let at = day + 15 * HOUR_MS;
  while (at - before > 1) {
    const mid = Math.floor((before + at) / 2);
    if (localDay(mid, timeZone) >= day) at = mid;
    else before = mid;
  }
  return new Date(at);
}

/** The first instant of a calendar date (`YYYY-MM-DD`) in a timezone. */
export function dayStart(date: string, timeZone: string): Date {
  return firstInstantOf(Date.parse(`${date}T00:00:00Z`), timeZone);
}

/** The first instant after a calendar date in a timezone (the start of the next day, 9999-12-31's too). */
export function dayEnd(date: string, timeZone: string): Date {
  return firstInstantOf(Date.parse(`${date}T00:00:00Z`) + DAY_MS, timeZone);
}
