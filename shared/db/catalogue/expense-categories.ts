/**
 * Expense categories (Form A): reusable labels of an organization's costs. Names are unique per
 * organization, case-insensitively, through a claim item written in the same transaction. Each
 * category keeps its stored aggregate (usageCount, spend per currency), changed by the cost writes
 * (shared/db/catalogue/costs.ts). Costs store only the categoryId, so a rename shows everywhere at once.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { ConflictError, conflict, notFound } from '../../domain/errors.ts';
import { roundSpend } from '../../domain/currencies.ts';
import { defineEntity, getRecord } from '../table/entity.ts';
import { queryRecords } from '../table/query.ts';
import { absent, all, equals, has } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { batchGet } from '../table/operations.ts';
import { pageOf, sortRecords, type Page, type PageRequest } from '../table/paging.ts';
import { pointerDelete, pointerPut } from '../table/records.ts';
import { transact } from '../table/transact.ts';
import { ExpenseCategorySchema } from '../../records/expense-category.ts';

const Categories = defineEntity({
  name: 'The expense category',
  schema: () => ExpenseCategorySchema,
  key: keys.expenseCategory,
  queries: { ofTenant: collections.expenseCategoriesOfTenant },
});

export type ExpenseCategory = z.infer<typeof ExpenseCategorySchema>;

/** The case-insensitive uniqueness claim of a category name in its tenant. */
const NameClaims = defineEntity({
  name: 'The category name',
  schema: () => z.object({ categoryId: z.string() }),
  key: keys.expenseCategoryName,
});

export const CATEGORY_SORT_COLUMNS = ['name', 'createdAt', 'usageCount'] as const;

const duplicate = () => conflict('An expense category with this name already exists in the organization.');

const claimPut = (tenantId: string, name: string, categoryId: string) =>
  NameClaims.tx.put(NameClaims.key(tenantId, name), { categoryId }, { condition: absent, failure: duplicate });
const claimDelete = (tenantId: string, name: string) =>
  NameClaims.tx.delete(NameClaims.key(tenantId, name), { condition: null });
const changed = () => conflict('The category changed meanwhile; read it again and retry.');

/** The record as returned: spend rounded to each currency's minor unit. */
function rounded({
  id,
  organizationId,
  name,
  usageCount,
  spend,
  createdAt,
  updatedAt,
}: ExpenseCategory): ExpenseCategory {
  return { id, organizationId, name, usageCount: Number(usageCount), spend: roundSpend(spend), createdAt, updatedAt };
}

export function categoryFromItem(item: Record<string, unknown>): ExpenseCategory {
  return rounded(Categories.fromItem(item));
}

export async function createExpenseCategory(tenantId: string, name: string): Promise<ExpenseCategory> {
  const now = new Date().toISOString();
  // Its aggregate starts empty: the counter at 0, no spend (ADD on spend.<currency> needs the map).
  const category: ExpenseCategory = {
    id: randomUUID(),
    organizationId: tenantId,
    name,
    usageCount: 0,
    spend: {},
    createdAt: now,
    updatedAt: now,
  };
  const key = Categories.key(tenantId, category.id);
  await transact([
    Categories.tx.put(key, category, { condition: absent }),
    pointerPut('expenseCategory', category.id, tenantId, key),
    claimPut(tenantId, name, category.id),
  ]);
  return category;
}

export async function getExpenseCategory(tenantId: string, categoryId: string): Promise<ExpenseCategory | undefined> {
  const category = await getRecord(Categories, Categories.key(tenantId, categoryId), { consistent: true });
  return category && rounded(category);
}

/** Every category of the tenant (categories are few: a picker's worth). */
/** The categories with these ids (one batch of reads); a missing one is left out. */
export async function expenseCategoriesByIds(
  tenantId: string,
  categoryIds: readonly string[],
): Promise<ExpenseCategory[]> {
  return (await batchGet(categoryIds.map((id) => Categories.key(tenantId, id)))).map(categoryFromItem);
}

export async function expenseCategoriesOf(tenantId: string): Promise<ExpenseCategory[]> {
  return (await queryRecords(Categories.query.ofTenant(tenantId))).map(rounded);
}

export interface CategoryQuery extends PageRequest {
  searchTerm?: string;
  sortBy?: (typeof CATEGORY_SORT_COLUMNS)[number];
  sortDirection?: 'asc' | 'desc';
}

export async function listExpenseCategories(tenantId: string, query: CategoryQuery): Promise<Page<ExpenseCategory>> {
  const term = query.searchTerm?.trim().toLowerCase();
  const all = (await expenseCategoriesOf(tenantId)).filter((c) => !term || c.name.toLowerCase().includes(term));
  const sortBy = query.sortBy ?? 'createdAt';
  const direction = query.sortDirection ?? (query.sortBy ? 'asc' : 'desc');
  return pageOf(
    sortRecords(all, (c) => c[sortBy], direction),
    query,
  );
}

/**
 * Renames `current` (as read), moving the name claim in the same transaction. The category must
 * still carry the name that was read, so two concurrent renames cannot orphan a claim.
 */
export async function renameExpenseCategory(
  tenantId: string,
  current: ExpenseCategory,
  name: string,
): Promise<ExpenseCategory> {
  const now = new Date().toISOString();
  const claimMoves = current.name.trim().toLowerCase() !== name.trim().toLowerCase();
  // The name claim is listed first: a taken name is the answer even when the category also changed.
  await transact([
    ...(claimMoves ? [claimPut(tenantId, name, current.id), claimDelete(tenantId, current.name)] : []),
    Categories.tx.update(
      Categories.key(tenantId, current.id),
      { set: { name, updatedAt: now } },
      {
        condition: all(has('pk'), equals('name', current.name)),
        failure: changed,
      },
    ),
  ]);
  return { ...current, name, updatedAt: now };
}

/**
 * Deletes a category no cost refers to. `usageCount = 0` is the delete's own condition, so a cost
 * written in between makes it a 409 rather than a dangling reference.
 */
export async function deleteExpenseCategory(tenantId: string, current: ExpenseCategory): Promise<void> {
  try {
    await transact([
      Categories.tx.delete(Categories.key(tenantId, current.id), {
        condition: all(has('pk'), equals('usageCount', 0), equals('name', current.name)),
        failure: changed,
      }),
      pointerDelete(current.id),
      claimDelete(tenantId, current.name),
    ]);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Why the condition failed decides the answer: gone, in use, or changed.
    const now = await getExpenseCategory(tenantId, current.id);
    if (!now) throw notFound('The expense category');
    if (now.usageCount > 0)
      throw conflict(`The expense category is used by ${now.usageCount} cost(s); it cannot be deleted.`);
    throw error;
  }
}
