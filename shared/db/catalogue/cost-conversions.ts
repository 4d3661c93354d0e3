/**
 * Converting a tenant's costs again (docs/decisions.md "Money and metrics"): after a change of the
 * tenant's currency every cost is converted into the new one (in the background: within the
 * request's budget, the rest by `npm run reindex`), and a reindex gives the costs stored before
 * conversions theirs. Each cost is one write of costs.ts `reconvertCost`, moving every aggregate
 * from its old contribution to its new one. Until all are done the tenant's aggregate says how
 * many still wait (`costsAwaitingConversion`), which reports name in `_meta.warnings`; they count
 * as costs without a rate meanwhile (in the currency they were counted in).
 */
import { ConflictError } from '../../domain/errors.ts';
import { aggregateUpdate } from '../table/aggregates.ts';
import * as keys from '../table/item-keys.ts';
import { transact } from '../table/transact.ts';
import { costItemsOf, conversionOutdated, reconvertCost } from './costs.ts';
import { readSpendCurrency } from './spend-order.ts';

export const AWAITING_CONVERSION = 'costsAwaitingConversion';

export interface Reconversion {
  /** Costs converted again. */
  converted: number;
  /** Costs still waiting (the deadline came, or a cost kept changing). */
  waiting: number;
}

/** Sets how many costs wait on the tenant's aggregate. */
async function recordWaiting(tenantId: string, waiting: number): Promise<void> {
  await transact([aggregateUpdate(keys.tenantAggregate(tenantId), {}, { set: { [AWAITING_CONVERSION]: waiting } })!]);
}

/**
 * Converts again every cost of the tenant whose conversion is not into its currency as read now
 * (or that has none yet), until `deadline` (ms since the epoch); says how many were converted and
 * how many still wait, and records the latter on the tenant's aggregate.
 */
export async function reconvertTenantCosts(
  tenantId: string,
  { deadline = Infinity }: { deadline?: number } = {},
): Promise<Reconversion> {
  const { currency } = await readSpendCurrency(tenantId);
  if (!currency) return { converted: 0, waiting: 0 };
  const outdated = (await costItemsOf(tenantId)).filter((cost) => conversionOutdated(cost, currency));
  await recordWaiting(tenantId, outdated.length);
  let converted = 0;
  for (const cost of outdated) {
    if (Date.now() >= deadline) break;
    try {
      await reconvertCost(tenantId, cost);
      converted++;
    } catch (error) {
      // Changed meanwhile (its own write then converted it) or kept changing: left for the next run.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  const waiting = outdated.length - converted;
  await recordWaiting(tenantId, waiting);
  return { converted, waiting };
}
