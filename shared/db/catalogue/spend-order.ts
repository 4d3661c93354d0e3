/**
 * The creators' order by spend in the tenant's currency (gsi9, table-definition.ts), whose sort key
 * is each creator item's `spendInTenantCurrency`: its `spend.<currency>` in the currency the tenant
 * had at its `currencyRevision`.
 *
 * - A cost write that moves a creator's spend reads the tenant's currency and revision
 *   (`readSpendCurrency`), ADDs the amount to `spendInTenantCurrency` too when the cost is in that
 *   currency, and carries `spendCurrencyCheck` (the revision as read) in its transaction: a
 *   currency changed meanwhile cancels it, and the write reads again.
 * - A change of the tenant's currency bumps `currencyRevision` (tenants.ts `updateTenant`), which
 *   makes every creator's attribute stale at once: `rewriteSpendOrder` then sets each creator's
 *   attribute from its own map (no read of it: `SET = if_not_exists(spend.<cur>, 0)`) in
 *   transactions checking the revision, and last sets `spendOrderRevision` to the revision.
 * - The list trusts gsi9 only while `spendOrderRevision` equals `currencyRevision`
 *   (`spendOrderCurrent`); otherwise it sorts the compact entries in memory, correct and slower.
 *
 * Tenants stored before this existed have neither mark: their cost writes check the revision's
 * absence, and `rewriteSpendOrder` (run by `npm run reindex`) starts their revision at 0.
 */
import * as z from 'zod/mini';
import { tableName } from '../table/client.ts';
import { conditionHeld, defineProjection, getRecord, updateRecord } from '../table/entity.ts';
import { Tenants } from '../tenancy/tenant-entity.ts';
import { asRead, exists, Placeholders } from '../table/expressions.ts';
import type { Key } from '../table/keys.ts';
import { queryItems } from '../table/query.ts';
import { Creators } from './creator-entity.ts';
import { MAX_TRANSACTION_ITEMS, transact, type TransactItem } from '../table/transact.ts';

/** The creator attribute gsi9 sorts by. */
export const SPEND_ORDER_ATTRIBUTE = 'spendInTenantCurrency';

/** The tenant item as far as the spend order goes. */
const TenantCurrency = defineProjection(Tenants, () =>
  z.object({
    currency: z.string(),
    currencyRevision: z.optional(z.number()),
    spendOrderRevision: z.optional(z.number()),
  }),
);

/** The tenant's currency and its revision (undefined on a tenant stored before revisions), as a cost write read them. */
export interface SpendCurrency {
  currency: string | undefined;
  revision: number | undefined;
}

/** The tenant's currency and revision, read consistently (a cost write's transaction checks the revision). */
export async function readSpendCurrency(tenantId: string): Promise<SpendCurrency> {
  const item = await getRecord(TenantCurrency, TenantCurrency.key(tenantId), {
    consistent: true,
    attributes: ['currency', 'currencyRevision'],
  });
  return { currency: item?.currency, revision: item?.currencyRevision };
}

/** The currency was changed between a cost write's read and its transaction: read again. */
export class SpendCurrencyChanged extends Error {}

/** The transaction item holding a cost write to the tenant's currency revision as read. */
export function spendCurrencyCheck(tenantId: string, read: SpendCurrency): TransactItem {
  return TenantCurrency.tx.check(TenantCurrency.key(tenantId), {
    condition: asRead('currencyRevision', read.revision),
    failure: () => new SpendCurrencyChanged(),
  });
}

/** What a creator's spend move in `currency` adds to its `spendInTenantCurrency` (nothing in another currency). */
export const spendOrderDelta = (read: SpendCurrency, currency: string, amount: number): Record<string, number> =>
  currency === read.currency && amount !== 0 ? { [SPEND_ORDER_ATTRIBUTE]: amount } : {};

/** Whether gsi9 holds the tenant's current spend order (its rewrite finished since the last currency change). */
export async function spendOrderCurrent(tenantId: string): Promise<boolean> {
  const item = await getRecord(TenantCurrency, TenantCurrency.key(tenantId), {
    consistent: true,
    attributes: ['currencyRevision', 'spendOrderRevision'],
  });
  return item?.currencyRevision !== undefined && item.spendOrderRevision === item.currencyRevision;
}

/** Transactions of the rewrite sent at once. */
const CONCURRENCY = 4;

/** A creator deleted between the rewrite's query and its transaction: left out, the rest sent again. */
class CreatorGone extends Error {
  constructor(readonly key: Key) {
    super('The creator is gone.');
  }
}

/** The update setting one creator's attribute from its own map, only while it exists. */
function creatorRewrite(key: Key, currency: string): TransactItem {
  const p = new Placeholders();
  const attribute = p.name(SPEND_ORDER_ATTRIBUTE);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${attribute} = if_not_exists(${p.name('spend')}.${p.name(currency)}, ${p.value(0)})`,
      ConditionExpression: exists(p),
      ...p.attributes(),
    },
    failure: () => new CreatorGone(key),
  };
}

/** One batch of creators rewritten under the revision check; false when the revision moved on. */
async function rewriteBatch(
  tenantId: string,
  at: SpendCurrency & { currency: string },
  creatorKeys: Key[],
): Promise<boolean> {
  let pending = creatorKeys;
  while (pending.length) {
    try {
      await transact([spendCurrencyCheck(tenantId, at), ...pending.map((key) => creatorRewrite(key, at.currency))]);
      return true;
    } catch (error) {
      if (error instanceof SpendCurrencyChanged) return false;
      if (!(error instanceof CreatorGone)) throw error;
      const gone = error.key;
      pending = pending.filter((key) => key.sk !== gone.sk);
    }
  }
  return true;
}

/** The outcome of a rewrite: done (the mark set, or already current), or not (out of time, or the currency changed again). */
export type RewriteOutcome = 'current' | 'rewritten' | 'unfinished' | 'superseded';

/**
 * Rewrites every creator's `spendInTenantCurrency` for the tenant's current currency, then marks
 * gsi9 current for that revision. Stops at `deadline` (epoch ms) with the mark unset, so the list
 * keeps sorting in memory until a later run (`npm run reindex`) finishes; running it again is
 * harmless. Creators are listed from the tenant's partition (strongly consistent: a creator
 * written a moment ago is not missed); one created after the listing starts at 0 with its map empty.
 */
export async function rewriteSpendOrder(
  tenantId: string,
  { deadline = Infinity }: { deadline?: number } = {},
): Promise<RewriteOutcome> {
  // Starts a tenant stored before revisions at 0 (cost writes checking its absence then read again).
  const tenant = await updateRecord(TenantCurrency, TenantCurrency.key(tenantId), {
    setIfAbsent: { currencyRevision: 0 },
  });
  const at = { currency: tenant.currency, revision: tenant.currencyRevision };
  if (tenant.spendOrderRevision === at.revision) return 'current';
  const listed = await queryItems(Creators.query.ofTenant(tenantId), { attributes: ['pk'], consistent: true });
  const batches: Key[][] = [];
  // One item of each transaction is the revision check.
  for (let i = 0; i < listed.length; i += MAX_TRANSACTION_ITEMS - 1)
    batches.push(
      listed.slice(i, i + MAX_TRANSACTION_ITEMS - 1).map((item) => ({ pk: String(item.pk), sk: String(item.sk) })),
    );
  for (let i = 0; i < batches.length; i += CONCURRENCY) {
    if (Date.now() >= deadline) return 'unfinished';
    const done = await Promise.all(batches.slice(i, i + CONCURRENCY).map((batch) => rewriteBatch(tenantId, at, batch)));
    if (done.includes(false)) return 'superseded';
  }
  const marked = await conditionHeld((failure) =>
    updateRecord(
      TenantCurrency,
      TenantCurrency.key(tenantId),
      { set: { spendOrderRevision: at.revision } },
      { condition: asRead('currencyRevision', at.revision), failure },
    ),
  );
  if (!marked) return 'superseded';
  return 'rewritten';
}
