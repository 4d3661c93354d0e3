/**
 * Money as a deck quotes it (docs/decisions.md "Report shapes"): the currency's symbol or code as
 * `Intl.NumberFormat('en', {style: 'currency'})` writes it, grouped, to the currency's ISO 4217
 * minor unit ("£11,950.00", "$2,000.00", "CA$500.00", "¥1,235"). The amount is rounded as the numeric
 * fields are (half away from zero), so the text and the number agree.
 */
import { minorUnits, roundMoney } from '../currencies.ts';

/** An amount written to `digits` decimals (the minor unit unless a caller needs more). */
export function moneyTo(amount: number, currency: string, digits: number): string {
  // The ISO minor unit, not CLDR's (which writes IDR and HUF without decimals): the text shows the number a report holds.
  const text = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
  // A code without a symbol comes with a no-break space ("BHD\u00a01.235"): texts carry a plain one.
  return text.replace(/\u00a0/g, ' ');
}

/** A money amount (or a ratio such as a CPM) as words show it, to the currency's minor unit. */
export function formatMoney(amount: number, currency: string): string {
  return moneyTo(roundMoney(amount, currency), currency, minorUnits(currency));
}
