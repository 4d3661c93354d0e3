/**
 * Deck-ready words (shared/domain/words, docs/decisions.md "Report shapes"): money with the currency's
 * symbol, grouped, to its minor unit; counts grouped; two ratios that differ never printed alike.
 */
import { describe, expect, it } from 'vitest';
import { counted, formatCount, formatMoney, formatMoneyPair, percent } from '../../shared/domain/words/index.ts';

describe('money in words', () => {
  it('writes the currency symbol and groups thousands, to the minor unit', () => {
    expect(formatMoney(11_950, 'GBP')).toBe('£11,950.00');
    expect(formatMoney(2_000, 'USD')).toBe('$2,000.00');
    expect(formatMoney(500, 'CAD')).toBe('CA$500.00');
    expect(formatMoney(10_443.42, 'EUR')).toBe('€10,443.42');
  });

  it('writes JPY without decimals and a three-decimal currency with three, rounding half away from zero', () => {
    expect(formatMoney(1_234.5, 'JPY')).toBe('¥1,235');
    expect(formatMoney(1.2345, 'BHD')).toBe('BHD 1.235');
    expect(formatMoney(1.005, 'GBP')).toBe('£1.01');
    expect(formatMoney(-2.5, 'EUR')).toBe('-€2.50');
  });

  it('keeps the ISO minor unit where CLDR would drop it (IDR), so the text shows the number the report holds', () => {
    expect(formatMoney(12.5, 'IDR')).toBe('IDR 12.50');
  });
});

describe('counts in words', () => {
  it('groups counts and names them in the right number', () => {
    expect(formatCount(1_592_433)).toBe('1,592,433');
    expect(counted(1_592_433, 'impression', 'impressions')).toBe('1,592,433 impressions');
    expect(counted(1, 'activity', 'activities')).toBe('1 activity');
    expect(percent(0.754)).toBe('75%');
  });
});

describe('two ratios in words', () => {
  it('are written to the minor unit when they print apart', () => {
    expect(formatMoneyPair(13.6, 9.68, 'GBP')).toEqual(['£13.60', '£9.68']);
  });

  it('are written to four significant figures when they differ but would print alike', () => {
    expect(formatMoneyPair(0.2146, 0.206, 'GBP')).toEqual(['£0.2146', '£0.2060']);
  });

  it('take more decimals where four significant figures still print alike', () => {
    expect(formatMoneyPair(13_604.213, 13_604.208, 'GBP')).toEqual(['£13,604.213', '£13,604.208']);
    expect(formatMoneyPair(0.21461, 0.21459, 'USD')).toEqual(['$0.21461', '$0.21459']);
  });

  it('are written to four significant figures when one would print as zero and is not', () => {
    expect(formatMoneyPair(0.9, 0.3, 'JPY')).toEqual(['¥0.9000', '¥0.3000']);
    expect(formatMoneyPair(12, 0.004, 'GBP')).toEqual(['£12.000', '£0.004']);
    expect(formatMoneyPair(12, 0, 'GBP')).toEqual(['£12.00', '£0.00']);
  });

  it('print alike only when they are equal', () => {
    expect(formatMoneyPair(0.2146, 0.2146, 'GBP')).toEqual(['£0.21', '£0.21']);
  });
});
