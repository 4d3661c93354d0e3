/** ISO 4217 codes and rounding to each currency's minor unit, half away from zero. */
import { describe, expect, it } from 'vitest';
import { isIsoCurrency, minorUnits, roundMoney, roundSpend } from '../../../shared/domain/currencies.ts';

describe('currencies', () => {
  it('knows real codes and their minor units, and nothing else', () => {
    expect(['USD', 'EUR', 'JPY', 'KWD', 'CHF', 'CLF'].every(isIsoCurrency)).toBe(true);
    expect(['XYZ', 'usd', 'US', 'USDD', 'XAU', 'XXX'].some(isIsoCurrency)).toBe(false);
    expect([minorUnits('USD'), minorUnits('JPY'), minorUnits('KWD'), minorUnits('CLF')]).toEqual([2, 0, 3, 4]);
  });

  it('rounds half away from zero without binary artefacts', () => {
    expect(roundMoney(1.005, 'USD')).toBe(1.01);
    expect(roundMoney(-1.005, 'USD')).toBe(-1.01);
    expect(roundMoney(0.1 + 0.2, 'USD')).toBe(0.3);
    expect(roundMoney(1234.5, 'JPY')).toBe(1235);
    expect(roundMoney(1.0005, 'KWD')).toBe(1.001);
    expect(roundMoney(0.004, 'USD')).toBe(0);
  });

  it('rounds a spend map per currency and leaves out zero sums', () => {
    expect(roundSpend({ USD: 10.005, JPY: 99.5, EUR: 0 })).toEqual({ JPY: 100, USD: 10.01 });
    expect(roundSpend(undefined)).toEqual({});
  });
});
