/** The check that a record's end is not before its start (activities, campaigns). */
import { invalidInput } from '../http/problem.ts';

export function checkDates(startAt: string | null | undefined, endAt: string | null | undefined): void {
  if (startAt && endAt && endAt < startAt) {
    throw invalidInput('endAt is before startAt.', [{ path: 'endAt', message: 'Must not be before startAt.' }]);
  }
}
