/**
 * The CSV columns of an export, derived from its list's record schema (so a field the list adds
 * is exported without a change here), in the schema's field order (docs/exports.md "Columns"):
 * - a nested object becomes one column per field, named by its path (`creator.id`, `creator.name`,
 *   `latestCounts.views`); a null object leaves its columns empty;
 * - money is a decimal string in major units with its currency's digits (shared/domain/csv.ts):
 *   a cost's `amount` beside its own `currency` column, and its converted amount
 *   (`conversion.amount`) in the currency beside it (`conversion.currency`); an amount in the
 *   organization's currency (a budget, a report's spend) with a `currency` column added; a
 *   per-currency map (`spend`) as the organization's currency's amount (`spend`: costs converted at
 *   their stated rates included, 0 when none) and the amounts in currencies with no rate as text
 *   (`spendOtherCurrencies`: `ARS 3.00; CLP 120`);
 * - a list of texts is one cell joined with `; `; any other list or map is one cell of JSON text.
 */
import { csvNumber, formatMoney, moneyCell, type CsvCell } from '../../shared/domain/csv.ts';
import type { Schema } from '../../shared/schemas/zod.ts';
import type { MoneyFields } from './sources.ts';

export interface Column {
  name: string;
  cell(record: Record<string, unknown>): CsvCell;
}

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  out?: Schema;
  element?: Schema;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under nullable, optional, default and pipe wrappers. */
function unwrap(schema: Schema): Def {
  let def = defOf(schema);
  while (def.innerType || (def.type === 'pipe' && def.out)) def = defOf(def.innerType ?? def.out!);
  return def;
}

function valueAt(record: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = record;
  for (const key of path)
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** A value as one cell: scalars as they are, a list of texts joined, anything else as JSON text. */
function plainCell(value: unknown): CsvCell {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return csvNumber(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('; ');
  return JSON.stringify(value);
}

export function columnsOf(recordSchema: Schema, money: MoneyFields, organizationCurrency: string): Column[] {
  const columns: Column[] = [];
  // With `record`, an amount's currency is the `currency` beside it: the record's, or its nested object's (a cost's conversion).
  const currencyOf = (record: Record<string, unknown>, path: readonly string[]) =>
    money.currency === 'record'
      ? String(valueAt(record, [...path.slice(0, -1), 'currency']) ?? '')
      : organizationCurrency;

  function walk(schema: Schema, path: string[]): void {
    const def = unwrap(schema);
    const name = path.join('.');
    if (def.type === 'object' && def.shape) {
      for (const [key, field] of Object.entries(def.shape)) walk(field, [...path, key]);
    } else if (money.perCurrency?.includes(name)) {
      const map = (record: Record<string, unknown>) => (valueAt(record, path) ?? {}) as Record<string, number>;
      columns.push({ name, cell: (r) => moneyCell(map(r)[organizationCurrency] ?? 0, organizationCurrency) });
      columns.push({
        name: `${name}OtherCurrencies`,
        cell: (r) =>
          Object.entries(map(r))
            .filter(([code, amount]) => code !== organizationCurrency && amount !== 0)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([code, amount]) => `${code} ${formatMoney(amount, code)}`)
            .join('; '),
      });
    } else if (money.amounts?.includes(name)) {
      columns.push({
        name,
        cell: (r) => {
          const amount = valueAt(r, path);
          return typeof amount === 'number' ? moneyCell(amount, currencyOf(r, path)) : null;
        },
      });
    } else {
      columns.push({ name, cell: (r) => plainCell(valueAt(r, path)) });
    }
  }

  walk(recordSchema, []);
  const hasMoney = Boolean(money.amounts?.length || money.perCurrency?.length);
  if (hasMoney && money.currency === 'organization' && !columns.some((c) => c.name === 'currency')) {
    columns.push({ name: 'currency', cell: () => organizationCurrency });
  }
  return columns;
}
