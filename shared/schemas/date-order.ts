/** The checks of dates in order: a record's end not before its start, a report's range. */
import { datesBetween } from '../domain/reporting/days.ts';
import { invalidInput } from '../domain/errors.ts';

export function checkDates(startAt: string | null | undefined, endAt: string | null | undefined): void {
  if (startAt && endAt && endAt < startAt) {
    throw invalidInput('endAt is before startAt.', [{ path: 'endAt', message: 'Must not be before startAt.' }]);
  }
}

/** The longest range of dates one request may ask for (a leap year): what a date-range report reads is bounded by it. */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** The bound in one wording, for detail and field message alike: counting days two ways read as two rules. */
export const RANGE_BOUND = `The range may cover at most ${MAX_RANGE_DAYS} days (startDate to endDate inclusive).`;

/** Every date of an inclusive range (`YYYY-MM-DD`); 400 when it is reversed or longer than MAX_RANGE_DAYS. */
export function rangeDates(input: { startDate: string; endDate: string }): string[] {
  if (input.endDate < input.startDate)
    throw invalidInput('endDate is before startDate.', [{ path: 'endDate', message: 'Must not be before startDate.' }]);
  // Measured before any date is listed: listing 0001-01-01..9999-12-31 first would take seconds.
  if (
    (Date.parse(`${input.endDate}T00:00:00Z`) - Date.parse(`${input.startDate}T00:00:00Z`)) / DAY_MS >=
    MAX_RANGE_DAYS
  ) {
    throw invalidInput(RANGE_BOUND, [{ path: 'endDate', message: RANGE_BOUND }]);
  }
  return datesBetween(input.startDate, input.endDate);
}
