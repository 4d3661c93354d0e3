/**
 * Money inputs (docs/decisions.md "Inputs"): finite, and given to at most the currency's minor unit;
 * anything finer is 400. The schema refuses what is finer than every currency's minor unit; the
 * handler that knows the currency (the cost's own, the tenant's for a budget) checks it exactly.
 */
import * as z from 'zod/mini';
import { droppable } from '../records/lazy-schema.ts';
import { isIsoCurrency, MAX_MINOR_UNITS, minorUnits } from '../domain/currencies.ts';
import { invalidInput } from '../domain/errors.ts';
import { decimalPlaces, numberInput } from './common.ts';

/** Exactly three letters naming a real ISO 4217 currency; `usd` is USD. */
export const IsoCurrencyCode = /* @__PURE__ */ droppable(() =>
  z
    .pipe(
      z.string().check(z.regex(/^[A-Za-z]{3}$/, { error: 'Must be exactly 3 letters (ISO 4217).' })),
      z.transform((code: string) => code.toUpperCase()),
    )
    .check(z.refine((code) => isIsoCurrency(code), { error: 'Not an ISO 4217 currency code.' })),
);

/** An amount of money in major units, `min`..`max` (above `min` when `aboveMin`). */
export /* @__NO_SIDE_EFFECTS__ */ function moneyInput(min: number, max: number, { aboveMin = false } = {}) {
  return numberInput(min, max, { decimals: MAX_MINOR_UNITS, aboveMin });
}

/** 400 naming `path` when `amount` is finer than the minor unit of `currency` (10.5 JPY, 10.001 USD). */
export function checkMinorUnit(amount: number | null | undefined, currency: string, path: string): void {
  if (amount === null || amount === undefined) return;
  const digits = minorUnits(currency);
  if (decimalPlaces(amount) > digits) {
    const unit = digits === 0 ? 'whole units' : `${digits} decimal place${digits === 1 ? '' : 's'}`;
    throw invalidInput(`${path} is finer than the minor unit of ${currency}.`, [
      { path, message: `Must be given to at most ${unit} (${currency}).` },
    ]);
  }
}
