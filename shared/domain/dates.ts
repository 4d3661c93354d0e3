/** Calendar dates of instants in a tenant's timezone (reports and derived states are by local day). */

/** The calendar date (`YYYY-MM-DD`) of an instant in a timezone. */
export function localDate(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}
