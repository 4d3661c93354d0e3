/** Input fields shared by the cost handlers (interface.md "Cost"). */
import * as z from 'zod/mini';
import { isIsoCurrency, roundMoney } from '../../shared/domain/currencies.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { text } from '../../shared/schemas/common.ts';

export const MAX_AMOUNT = 100_000_000;

export const Amount = z.number().check(z.gt(0, { error: 'Must be greater than 0.' }), z.lte(MAX_AMOUNT));

/** Exactly three letters naming a real ISO 4217 currency; `usd` is USD. */
export const CurrencyCode = z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{3}$/, { error: 'Must be exactly 3 letters (ISO 4217).' })),
  z.transform((code: string) => code.toUpperCase()),
).check(z.refine((code) => isIsoCurrency(code), { error: 'Not an ISO 4217 currency code.' }));

export const CostType = text(1, 100);
export const Description = z.nullable(z.string().check(z.maxLength(1000)));

/** An amount that rounds to nothing in its currency's minor unit (0.001 USD) is no cost. */
export function checkRoundedAmount(amount: number, currency: string): void {
  if (roundMoney(amount, currency) <= 0) {
    throw invalidInput('amount rounds to 0 in the currency.', [{ path: 'amount', message: `Must be at least one minor unit of ${currency}.` }]);
  }
}
