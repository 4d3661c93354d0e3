/**
 * Conversion of a cost to the tenant's currency at a stated rate (docs/decisions.md "Money and
 * metrics"): the cost's own booked rate while the tenant's currency is the one it was booked in,
 * else the ECB's euro reference rates of the cost's day (or the last publication before it),
 * crossed through EUR and kept unrounded; the converted amount is rounded half away from zero to
 * the tenant currency's minor unit, and sums add the rounded amounts. Pure: the data layer hands
 * the publication over.
 */
import { roundMoney } from './currencies.ts';

export type ConversionSource = 'booked' | 'ecb';

/** What a cost record shows of its conversion. */
export interface Conversion {
  rate: number;
  rateDate: string;
  source: ConversionSource;
}

/** A conversion as stored on the cost: the record's part, and the currency and rounded amount it gives. */
export interface StoredConversion extends Conversion {
  currency: string;
  amount: number;
}

/** A day's ECB quotes: units of each currency per 1 EUR. */
export interface Quotes {
  date: string;
  rates: Readonly<Record<string, number>>;
}

const quoteOf = (quotes: Quotes, currency: string) => (currency === 'EUR' ? 1 : quotes.rates[currency]);

/** The ECB cross rate of `from` into `to` (units of `to` for one of `from`), unrounded; undefined when either is not quoted. */
export function crossRate(quotes: Quotes, from: string, to: string): number | undefined {
  const a = quoteOf(quotes, from);
  const b = quoteOf(quotes, to);
  return a && b ? b / a : undefined;
}

/** The part of a cost its conversion depends on. */
export interface Convertible {
  currency: string;
  amount: number;
  /** Units of the booked-in currency for one of the cost's (the invoice's rate), or null. */
  exchangeRate?: number | null;
  /** The tenant currency the rate was booked in. */
  exchangeRateCurrency?: string | null;
}

/**
 * The cost's conversion into `tenantCurrency` counted on `day`, given the ECB publication of that
 * day or the last before it (`quotes`): null when the cost is in the tenant's currency or no rate
 * exists (it then stays out of the figures, named in the warnings).
 */
export function conversionOf(
  cost: Convertible,
  tenantCurrency: string,
  day: string,
  quotes: Quotes | undefined,
): StoredConversion | null {
  if (cost.currency === tenantCurrency) return null;
  if (cost.exchangeRate && cost.exchangeRateCurrency === tenantCurrency) {
    return {
      rate: cost.exchangeRate,
      rateDate: day,
      source: 'booked',
      currency: tenantCurrency,
      amount: roundMoney(cost.amount * cost.exchangeRate, tenantCurrency),
    };
  }
  const rate = quotes ? crossRate(quotes, cost.currency, tenantCurrency) : undefined;
  if (rate === undefined) return null;
  return {
    rate,
    rateDate: quotes!.date,
    source: 'ecb',
    currency: tenantCurrency,
    amount: roundMoney(cost.amount * rate, tenantCurrency),
  };
}

/** Whether a conversion needs the ECB's rates (no booked rate applies). */
export const needsEcbRate = (cost: Convertible, tenantCurrency: string) =>
  cost.currency !== tenantCurrency && !(cost.exchangeRate && cost.exchangeRateCurrency === tenantCurrency);

/** The record's conversion (the stored one; none on a cost stored before conversions until a reindex gives it one). */
export const shownConversion = (c: StoredConversion | null | undefined): StoredConversion | null =>
  c ? { rate: c.rate, rateDate: c.rateDate, source: c.source, currency: c.currency, amount: c.amount } : null;

/**
 * Counters a converted cost adds to every aggregate counting it, so that a report names what it
 * converted (`_meta.provenance.basis.conversions`): per pair of currencies, the original and the
 * converted amounts, how many costs per source, and how many per rate day (first and last rate day).
 */
export const CONVERSION_PREFIX = 'conv_';

export function conversionCounters(
  from: string,
  amount: number,
  conversion: StoredConversion,
  sign: 1 | -1,
): Record<string, number> {
  const pair = `${CONVERSION_PREFIX}${from}_${conversion.currency}_`;
  return {
    [`${pair}amount`]: sign * amount,
    [`${pair}converted`]: sign * conversion.amount,
    [`${pair}${conversion.source}`]: sign,
    [`${pair}day_${conversion.rateDate}`]: sign,
  };
}

/** The conversion counters an item holds (an activity's, which move with it between campaigns). */
export function conversionCountersOf(item: Readonly<Record<string, unknown>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(item))
    if (name.startsWith(CONVERSION_PREFIX) && Number(value)) out[name] = Number(value);
  return out;
}

export interface ConversionBasis {
  currency: string;
  amount: number;
  converted: number;
  source: 'booked' | 'ecb' | 'mixed';
  firstRateDate: string;
  lastRateDate: string;
}

/** What an aggregate converted into `currency`, one entry per other currency (counters back at 0 left out). */
export function conversionsBasis(aggregate: Readonly<Record<string, unknown>>, currency: string): ConversionBasis[] {
  const pairs = new Map<string, { amount: number; converted: number; booked: number; ecb: number; days: string[] }>();
  const suffix = `_${currency}_`;
  for (const [name, value] of Object.entries(aggregate)) {
    if (!name.startsWith(CONVERSION_PREFIX)) continue;
    const rest = name.slice(CONVERSION_PREFIX.length);
    const from = rest.slice(0, 3);
    if (rest.slice(3, 3 + suffix.length) !== suffix) continue;
    const field = rest.slice(3 + suffix.length);
    const entry = pairs.get(from) ?? { amount: 0, converted: 0, booked: 0, ecb: 0, days: [] };
    const n = Number(value ?? 0);
    if (field === 'amount') entry.amount = n;
    else if (field === 'converted') entry.converted = n;
    else if (field === 'booked' || field === 'ecb') entry[field] = n;
    else if (field.startsWith('day_') && n > 0) entry.days.push(field.slice(4));
    pairs.set(from, entry);
  }
  return [...pairs.entries()]
    .filter(([, e]) => e.booked + e.ecb > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, e]) => {
      const days = e.days.sort();
      return {
        currency: from,
        amount: roundMoney(e.amount, from),
        converted: roundMoney(e.converted, currency),
        source: e.booked && e.ecb ? 'mixed' : e.booked ? 'booked' : 'ecb',
        firstRateDate: days[0] ?? '',
        lastRateDate: days[days.length - 1] ?? '',
      };
    });
}
