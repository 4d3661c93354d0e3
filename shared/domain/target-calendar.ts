/**
 * TARGET2 working days, the days the ECB publishes its euro reference rates (docs/decisions.md
 * "Money and metrics"): Monday to Friday except New Year's Day, Good Friday, Easter Monday,
 * 1 May, 25 and 26 December.
 */

/** Easter Sunday of `year` (Gregorian; the anonymous algorithm), as YYYY-MM-DD. */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** Whether `day` (YYYY-MM-DD) is a TARGET working day. */
export function isTargetWorkingDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = day.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const easter = easterSunday(date.getUTCFullYear());
  return day !== iso(plusDays(easter, -2)) && day !== iso(plusDays(easter, 1));
}

/** TARGET working days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function targetWorkingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let date = plusDays(new Date(`${from}T00:00:00Z`), 1); iso(date) <= to; date = plusDays(date, 1)) {
    if (isTargetWorkingDay(iso(date))) count++;
  }
  return count;
}
