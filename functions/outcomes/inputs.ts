/** Input fields of the Reported outcomes handlers (docs/spec/interface.md "Outcome definition", "Outcome measurement"). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { DateOnly, multilineText, numberInput, text } from '../../shared/schemas/common.ts';
import { IsoCurrencyCode } from '../../shared/schemas/money.ts';

export const DefinitionName = /* @__PURE__ */ droppable(() => text(1, 255));
/** Kept as written (line breaks and indentation are the author's). */
export const Description = /* @__PURE__ */ droppable(() => z.nullable(multilineText(0, 2000, { asWritten: true })));
export const UnitLabel = /* @__PURE__ */ droppable(() => z.nullable(text(1, 50)));

/** Any ISO 4217 code, as costs accept; `eur` is EUR. Outcomes may be reported in any market's money. */
export const DefaultCurrency = /* @__PURE__ */ droppable(() => z.nullable(IsoCurrencyCode));

/**
 * A reported number. Bounded so that every accepted value is stored exactly as sent: DynamoDB
 * numbers cannot be larger than ~1e125 or closer to 0 than 1e-130 (a 500 otherwise).
 */
export const MEASURE_MAX = 1e15;
export const Measure = /* @__PURE__ */ droppable(() => numberInput(-MEASURE_MAX, MEASURE_MAX));

/** docs/decisions.md: confidence is 0..1. */
export const Confidence = /* @__PURE__ */ droppable(() => z.nullable(numberInput(0, 1)));

export const Market = /* @__PURE__ */ droppable(() => z.nullable(text(1, 100)));

/** docs/decisions.md: periodStart/periodEnd are `YYYY-MM-DD`, a real calendar date. */
export const PeriodDate = /* @__PURE__ */ droppable(() => z.nullable(DateOnly));
