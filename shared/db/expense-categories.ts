/**
 * Expense categories (Form A): reusable labels of an organization's costs. Names are unique per
 * organization, case-insensitively, through a claim item written in the same transaction. Each
 * category keeps its stored aggregate (usageCount, spend per currency), changed by the cost writes
 * (shared/db/costs.ts). Costs store only the categoryId, so a rename shows everywhere at once.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '../domain/errors.ts';
import { roundSpend } from '../domain/currencies.ts';
import { emptyAggregate } from './aggregates.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { cancellationReasons, queryPrefix, recordOf, transactWrite } from './operations.ts';
import { pageOf, sortRecords, type Page, type PageRequest } from './paging.ts';
import { pointerDelete, pointerPut } from './records.ts';

export interface ExpenseCategory {
  id: string;
  organizationId: string;
  name: string;
  /** Number of costs in the category. */
  usageCount: number;
  /** Recorded spend per currency, in major units. */
  spend: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export const CATEGORY_SORT_COLUMNS = ['name', 'createdAt', 'usageCount'] as const;

const duplicate = () => conflict('An expense category with this name already exists in the organization.');

function claimPut(tenantId: string, name: string, categoryId: string) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.expenseCategoryName(tenantId, name), categoryId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The record as returned: spend rounded to each currency's minor unit. */
export function categoryFromItem(item: Record<string, unknown>): ExpenseCategory {
  const { id, organizationId, name, usageCount, spend, createdAt, updatedAt } = recordOf<ExpenseCategory>(item);
  return { id, organizationId, name, usageCount: Number(usageCount), spend: roundSpend(spend), createdAt, updatedAt };
}

export async function createExpenseCategory(tenantId: string, name: string): Promise<ExpenseCategory> {
  const now = new Date().toISOString();
  const category = {
    id: randomUUID(),
    organizationId: tenantId,
    name,
    ...(emptyAggregate(['usageCount']) as { usageCount: number; spend: Record<string, number> }),
    createdAt: now,
    updatedAt: now,
  };
  const key = keys.expenseCategory(tenantId, category.id);
  await transactWrite([
    { Put: { TableName: tableName(), Item: { ...key, ...category }, ConditionExpression: 'attribute_not_exists(pk)' } },
    pointerPut('expenseCategory', category.id, tenantId, key),
    claimPut(tenantId, name, category.id),
  ], [
    [2, () => duplicate()],
  ]);
  return category;
}

export async function getExpenseCategory(tenantId: string, categoryId: string): Promise<ExpenseCategory | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.expenseCategory(tenantId, categoryId), ConsistentRead: true }),
  );
  return out.Item ? categoryFromItem(out.Item) : undefined;
}

/** Every category of the tenant (categories are few: a picker's worth). */
export async function expenseCategoriesOf(tenantId: string): Promise<ExpenseCategory[]> {
  const items = await queryPrefix(keys.expenseCategoriesOfTenant(tenantId));
  return items.map(categoryFromItem);
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
  return pageOf(sortRecords(all, (c) => c[sortBy], direction), query);
}

/**
 * Renames `current` (as read), moving the name claim in the same transaction. The category must
 * still carry the name that was read, so two concurrent renames cannot orphan a claim.
 */
export async function renameExpenseCategory(tenantId: string, current: ExpenseCategory, name: string): Promise<ExpenseCategory> {
  const now = new Date().toISOString();
  const key = keys.expenseCategory(tenantId, current.id);
  const claimMoves = current.name.trim().toLowerCase() !== name.trim().toLowerCase();
  await transactWrite([
    {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #name = :name, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND #name = :old',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name, ':now': now, ':old': current.name },
      },
    },
    ...(claimMoves
      ? [claimPut(tenantId, name, current.id), { Delete: { TableName: tableName(), Key: keys.expenseCategoryName(tenantId, current.name) } }]
      : []),
  ], [
    [1, () => duplicate()],
    [0, () => conflict('The category changed meanwhile; read it again and retry.')],
  ]);
  return { ...current, name, updatedAt: now };
}

/**
 * Deletes a category no cost refers to. `usageCount = 0` is the delete's own condition, so a cost
 * written in between makes it a 409 rather than a dangling reference.
 */
export async function deleteExpenseCategory(tenantId: string, current: ExpenseCategory): Promise<void> {
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.expenseCategory(tenantId, current.id),
              ConditionExpression: 'attribute_exists(pk) AND usageCount = :zero AND #name = :name',
              ExpressionAttributeNames: { '#name': 'name' },
              ExpressionAttributeValues: { ':zero': 0, ':name': current.name },
            },
          },
          pointerDelete(current.id),
          { Delete: { TableName: tableName(), Key: keys.expenseCategoryName(tenantId, current.name) } },
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)?.[0] !== 'ConditionalCheckFailed') throw error;
    const now = await getExpenseCategory(tenantId, current.id);
    if (!now) throw notFound('The expense category');
    if (now.usageCount > 0) throw conflict(`The expense category is used by ${now.usageCount} cost(s); it cannot be deleted.`);
    throw conflict('The category changed meanwhile; read it again and retry.');
  }
}
