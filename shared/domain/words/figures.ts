/**
 * Figures as a page lays them out (a report link's page): the deck-ready words of money.ts and
 * counts.ts, with a null figure (no denominator, docs/decisions.md "Report shapes") written as a
 * dash, never as 0.
 */
import { counted, formatCount, percent } from './counts.ts';
import { formatMoney } from './money.ts';

export const NO_FIGURE = '—';

/** `£1,200.00` for 1200 GBP; `¥1,200` for JPY. */
export const moneyWords = (amount: number | null, currency: string): string =>
  amount === null ? NO_FIGURE : formatMoney(amount, currency);

/** `99,932`. */
export const countWords = (count: number | null): string => (count === null ? NO_FIGURE : formatCount(count));

const numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** `1,234.5`: a measured value, to at most two decimals. */
export const numberWords = (value: number | null): string => (value === null ? NO_FIGURE : numbers.format(value));

/** `75%` for 0.75. */
export const shareWords = (share: number | null): string => (share === null ? NO_FIGURE : percent(share));

/** `1 activity`, `2 activities`: a count with its noun. */
export const countOf = counted;
