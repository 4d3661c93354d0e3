/**
 * Money and counts written for a deck (a report a client reads): `£1,200.00`, `99,932`. English
 * words, the currency's own symbol and minor unit (Intl), grouped thousands. A null figure (no
 * denominator, docs/decisions.md "Report shapes") is written as a dash, never as 0.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();
const counts = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const percents = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

export const NO_FIGURE = '—';

/** `£1,200.00` for 1200 GBP; `¥1,200` for JPY. */
export function moneyWords(amount: number | null, currency: string): string {
  if (amount === null) return NO_FIGURE;
  let format = moneyFormats.get(currency);
  if (!format) moneyFormats.set(currency, (format = new Intl.NumberFormat('en', { style: 'currency', currency })));
  return format.format(amount);
}

/** `99,932`. */
export function countWords(count: number | null): string {
  return count === null ? NO_FIGURE : counts.format(count);
}

/** `1,234.5`: a measured value, to at most two decimals. */
export function numberWords(value: number | null): string {
  return value === null ? NO_FIGURE : numbers.format(value);
}

/** `75%` for 0.75. */
export function shareWords(share: number | null): string {
  return share === null ? NO_FIGURE : percents.format(share);
}

/** `1 activity`, `2 activities`: a count with its noun. */
export function countOf(count: number, one: string, many: string): string {
  return `${countWords(count)} ${count === 1 ? one : many}`;
}
