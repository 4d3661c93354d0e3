/**
 * Daily report rows (docs/decisions.md "Report shapes"): exactly one row per day of the range, oldest
 * first, zero-filled where no day rollup exists; money in the report currency, rounded.
 */
import { roundMoney } from '../currencies.ts';
import { localDate } from '../dates.ts';

const DAY_MS = 86_400_000;

/** The stored figures of one day of a scope (day-rollups.ts `DayFigures`). */
export interface DayFigures {
  date: string;
  impressions: number;
  engagement: number;
  spend: Record<string, number>;
}

/** The `days` calendar dates ending with today's in `timeZone`, oldest first. */
export function lastDays(days: number, timeZone: string, now = new Date()): string[] {
  const today = localDate(now, timeZone);
  return datesBetween(addDays(today, -(days - 1)), today);
}

/** Every date from `from` to `to` inclusive (YYYY-MM-DD), oldest first; empty when `to` is before `from`. */
export function datesBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const count = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** History rows `{date, impressions, engagement, spend}` for `dates`, spend in `currency` only. */
export function historyRows(dates: readonly string[], stored: readonly DayFigures[], currency: string) {
  const byDate = new Map(stored.map((d) => [d.date, d]));
  return dates.map((date) => {
    const day = byDate.get(date);
    return {
      date,
      impressions: day?.impressions ?? 0,
      engagement: day?.engagement ?? 0,
      spend: roundMoney(day?.spend[currency] ?? 0, currency),
    };
  });
}

/** Spend history rows `{date, amount, cumulativeAmount}` in `currency`, the running total from the first date. */
export function spendRows(dates: readonly string[], stored: readonly DayFigures[], currency: string) {
  const byDate = new Map(stored.map((d) => [d.date, d.spend[currency] ?? 0]));
  let running = 0;
  return dates.map((date) => {
    const amount = roundMoney(byDate.get(date) ?? 0, currency);
    running = roundMoney(running + amount, currency);
    return { date, amount, cumulativeAmount: running };
  });
}

/** The spend of the days per currency other than `currency`, rounded (what a report names in its warnings). */
export function otherCurrencySpend(stored: readonly DayFigures[], currency: string): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const day of stored)
    for (const [c, amount] of Object.entries(day.spend)) if (c !== currency) sums[c] = (sums[c] ?? 0) + amount;
  return Object.fromEntries(
    Object.entries(sums)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([c, a]) => (roundMoney(a, c) === 0 ? [] : [[c, roundMoney(a, c)]])),
  );
}
