/**
 * Two ratios side by side (two CPMs, two CPEs): each to the currency's minor unit, unless they
 * differ and would print alike, or one would print as zero when it is not ("¥1 is 3 times ¥0"),
 * when both are written to four significant figures ("£0.2146 and £0.2060"), and to more decimals
 * where four still print alike, so that a text never shows two different figures as one. Alike
 * only when the unrounded values are equal.
 */
import { minorUnits } from '../currencies.ts';
import { formatMoney, moneyTo } from './money.ts';

/** Decimals beyond which no ratio is written (the most `Intl.NumberFormat` takes everywhere). */
const MAX_DECIMALS = 20;

/** Decimals that give four significant figures to the larger of two amounts. */
const fourFigures = (a: number, b: number) => {
  const larger = Math.max(Math.abs(a), Math.abs(b));
  return larger === 0 ? 0 : 3 - Math.floor(Math.log10(larger));
};

export function formatMoneyPair(a: number, b: number, currency: string): [string, string] {
  const plain: [string, string] = [formatMoney(a, currency), formatMoney(b, currency)];
  // Zero at `digits` decimals while it is not.
  const zeroed = (n: number, digits: number) => n !== 0 && Math.round(Math.abs(n) * 10 ** digits) === 0;
  const apart = (pair: [string, string], digits: number) =>
    pair[0] !== pair[1] && !zeroed(a, digits) && !zeroed(b, digits);
  if (a === b || apart(plain, minorUnits(currency))) return plain;
  for (let digits = Math.max(minorUnits(currency), fourFigures(a, b)); digits <= MAX_DECIMALS; digits++) {
    const pair: [string, string] = [moneyTo(a, currency, digits), moneyTo(b, currency, digits)];
    if (apart(pair, digits)) return pair;
  }
  return plain;
}
