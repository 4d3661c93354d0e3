/**
 * Deck-ready words (docs/decisions.md "Report shapes", "Figures a reader can check"): how every text the
 * service writes quotes money, counts and ratios. The numeric fields of a report stay numbers; only
 * its sentences use these.
 */
export { formatMoney } from './money.ts';
export { counted, formatCount, percent } from './counts.ts';
export { formatMoneyPair } from './ratios.ts';
