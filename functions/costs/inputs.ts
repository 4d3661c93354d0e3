/** Input fields shared by the cost handlers (interface.md "Cost"). */
import * as z from 'zod/mini';
import { isIsoCurrency } from '../../shared/domain/currencies.ts';
import { multilineText, text } from '../../shared/schemas/common.ts';
import { moneyInput } from '../../shared/schemas/money.ts';

export const MAX_AMOUNT = 100_000_000;

/** In the cost's currency: the handlers check its minor unit (`checkMinorUnit`). */
export const Amount = moneyInput(0, MAX_AMOUNT, { aboveMin: true });

/** Exactly three letters naming a real ISO 4217 currency; `usd` is USD. */
export const CurrencyCode = z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{3}$/, { error: 'Must be exactly 3 letters (ISO 4217).' })),
  z.transform((code: string) => code.toUpperCase()),
).check(z.refine((code) => isIsoCurrency(code), { error: 'Not an ISO 4217 currency code.' }));

export const CostType = text(1, 100);
export const Description = z.nullable(multilineText(0, 1000, { asWritten: true }));
