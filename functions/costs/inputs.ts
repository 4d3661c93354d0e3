/** Input fields shared by the cost handlers (docs/spec/interface.md "Cost"). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { multilineText, text } from '../../shared/schemas/common.ts';
import { moneyInput } from '../../shared/schemas/money.ts';

export const MAX_AMOUNT = 100_000_000;

/** In the cost's currency: the handlers check its minor unit (`checkMinorUnit`). */
export const Amount = /* @__PURE__ */ droppable(() => moneyInput(0, MAX_AMOUNT, { aboveMin: true }));

export const CostType = /* @__PURE__ */ droppable(() => text(1, 100));
export const Description = /* @__PURE__ */ droppable(() => z.nullable(multilineText(0, 1000, { asWritten: true })));

/**
 * The smallest booked rate: a real quote between two currencies is nowhere near it (the widest ECB
 * cross, IDR to GBP, is about 6e-5), and below it the converted amount would round to nothing or
 * leave the range of numbers DynamoDB stores (1e-130), a 500 instead of a 400.
 */
export const MIN_EXCHANGE_RATE = 1e-9;

/**
 * A booked rate (docs/decisions.md "Money and metrics"): units of the tenant's currency for one
 * unit of the cost's, e.g. from the invoice; positive, at most 10 significant digits' worth.
 * Null (PATCH) clears it: the ECB's rate applies again.
 */
export const ExchangeRate = /* @__PURE__ */ droppable(() =>
  z.nullable(z.number().check(z.gte(MIN_EXCHANGE_RATE), z.lte(1_000_000_000))),
);
