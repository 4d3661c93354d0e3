/**
 * The ECB's rate files, the TARGET calendar and the conversion rule (docs/decisions.md "Money and
 * metrics"), as pure functions: the parser over the repository's copy of the real 90-day file, the
 * publication of a day or the last before it, the cross rate through EUR kept unrounded, and the
 * converted amount rounded half away from zero to the tenant currency's minor unit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { conversionOf, conversionCounters, conversionsBasis, crossRate } from '../../shared/domain/conversion.ts';
import { isTargetWorkingDay, targetWorkingDaysBetween } from '../../shared/domain/target-calendar.ts';
import { onOrBefore, parseEcbFile } from '../../shared/integrations/rates/parse.ts';
import { STAND_IN_FILE } from '../../shared/integrations/rates/local.ts';
import { EcbFileError } from '../../shared/integrations/rates/port.ts';

const publications = parseEcbFile(readFileSync(STAND_IN_FILE, 'utf8'));

describe('the ECB file parser', () => {
  it('reads the 64 publications of the 90-day file of 2017-03-03, newest first, 31 currencies each', () => {
    expect(publications).toHaveLength(64);
    expect(publications[0]!.date).toBe('2017-03-03');
    expect(publications.at(-1)!.date).toBe('2016-12-05');
    expect(publications.every((p) => Object.keys(p.rates).length === 31)).toBe(true);
    expect(publications[0]!.rates).toMatchObject({ USD: 1.0565, GBP: 0.86355, JPY: 120.83 });
  });

  it("refuses a file that is not the ECB's, holds no publication or has a bad quote", () => {
    expect(() => parseEcbFile('<html></html>')).toThrow(EcbFileError);
    expect(() =>
      parseEcbFile(
        '<gesmes:Envelope xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube></Cube></gesmes:Envelope>',
      ),
    ).toThrow(EcbFileError);
    expect(() =>
      parseEcbFile('<x xmlns="eurofxref"><Cube time="2017-01-02"><Cube currency="USD" rate="0"/></Cube></x>'),
    ).toThrow(EcbFileError);
  });

  it('finds the publication of a day, or the last one before it (weekends, a day after the file), none before the first', () => {
    expect(onOrBefore(publications, '2017-03-01')!.date).toBe('2017-03-01');
    expect(onOrBefore(publications, '2017-02-26')!.date).toBe('2017-02-24'); // a Sunday
    expect(onOrBefore(publications, '2026-12-07')!.date).toBe('2017-03-03');
    expect(onOrBefore(publications, '2016-12-04')).toBeUndefined();
  });
});

describe('the TARGET calendar', () => {
  it('knows weekends and the six TARGET holidays (Good Friday and Easter Monday 2017: April 14 and 17)', () => {
    expect(isTargetWorkingDay('2017-03-03')).toBe(true);
    expect(isTargetWorkingDay('2017-03-04')).toBe(false);
    for (const day of [
      '2017-01-02',
      '2017-04-14',
      '2017-04-17',
      '2017-05-01',
      '2017-12-25',
      '2017-12-26',
      '2018-01-01',
    ]) {
      expect(isTargetWorkingDay(day), day).toBe(day === '2017-01-02');
    }
    expect(targetWorkingDaysBetween('2017-03-03', '2017-03-09')).toBe(4);
    expect(targetWorkingDaysBetween('2017-04-13', '2017-04-18')).toBe(1);
  });
});

describe('conversion at a stated rate', () => {
  const march3 = publications[0]!;

  it('crosses through EUR, unrounded: 0.86355 / 1.0565 GBP per USD', () => {
    expect(crossRate(march3, 'USD', 'GBP')).toBe(0.86355 / 1.0565);
    expect(crossRate(march3, 'EUR', 'GBP')).toBe(0.86355);
    expect(crossRate(march3, 'GBP', 'EUR')).toBe(1 / 0.86355);
    expect(crossRate(march3, 'ARS', 'GBP')).toBeUndefined();
  });

  it('rounds each converted amount half away from zero to the minor unit (2,500 USD = 2,043.42 GBP; JPY to whole yen)', () => {
    expect(conversionOf({ currency: 'USD', amount: 2500 }, 'GBP', '2017-03-06', march3)).toEqual({
      rate: 0.86355 / 1.0565,
      rateDate: '2017-03-03',
      source: 'ecb',
      currency: 'GBP',
      amount: 2043.42,
    });
    expect(conversionOf({ currency: 'USD', amount: 100 }, 'JPY', '2017-03-03', march3)!.amount).toBe(11437);
    expect(conversionOf({ currency: 'GBP', amount: 100 }, 'GBP', '2017-03-03', march3)).toBeNull();
    expect(conversionOf({ currency: 'ARS', amount: 100 }, 'GBP', '2017-03-03', march3)).toBeNull();
  });

  it("takes a booked rate while the tenant keeps the currency it was booked in, else the ECB's", () => {
    const booked = { currency: 'USD', amount: 1000, exchangeRate: 0.8, exchangeRateCurrency: 'GBP' };
    expect(conversionOf(booked, 'GBP', '2017-03-03', undefined)).toEqual({
      rate: 0.8,
      rateDate: '2017-03-03',
      source: 'booked',
      currency: 'GBP',
      amount: 800,
    });
    expect(conversionOf(booked, 'EUR', '2017-03-03', march3)).toMatchObject({
      source: 'ecb',
      rate: 1 / 1.0565,
      amount: 946.52,
    });
  });

  it('names what an aggregate converted: amounts, source and first and last rate days', () => {
    const a = conversionOf({ currency: 'USD', amount: 2500 }, 'GBP', '2017-03-03', march3)!;
    const b = conversionOf(
      { currency: 'USD', amount: 100, exchangeRate: 0.8, exchangeRateCurrency: 'GBP' },
      'GBP',
      '2017-02-01',
      undefined,
    )!;
    const counters: Record<string, number> = { ...conversionCounters('USD', 2500, a, 1) };
    for (const [k, v] of Object.entries(conversionCounters('USD', 100, b, 1))) counters[k] = (counters[k] ?? 0) + v;
    expect(conversionsBasis(counters, 'GBP')).toEqual([
      {
        currency: 'USD',
        amount: 2600,
        converted: 2123.42,
        source: 'mixed',
        firstRateDate: '2017-02-01',
        lastRateDate: '2017-03-03',
      },
    ]);
    expect(conversionsBasis(counters, 'EUR')).toEqual([]);
  });
});
