/**
 * A cost's conversion as a cost write fixes it (docs/decisions.md "Money and metrics"): the pure
 * rule (shared/domain/conversion.ts) over the rate table in use, read only when no booked rate
 * applies (one Query of one item).
 */
import { conversionOf, needsEcbRate, type Convertible, type StoredConversion } from '../../domain/conversion.ts';
import { rateTable } from './publications.ts';

/** The conversion of `cost` into `tenantCurrency` on `day` (YYYY-MM-DD); null when none applies or no rate exists. */
export async function convertOn(
  cost: Convertible,
  tenantCurrency: string | undefined,
  day: string,
): Promise<StoredConversion | null> {
  if (!tenantCurrency) return null;
  const quotes = needsEcbRate(cost, tenantCurrency) ? await rateTable().onOrBefore(day) : undefined;
  return conversionOf(cost, tenantCurrency, day, quotes);
}
