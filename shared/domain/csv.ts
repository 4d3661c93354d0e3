/**
 * CSV as RFC 4180 writes it, for exports (docs/exports.md "CSV rules"): CRLF line ends, a header
 * row, a field quoted when it holds a comma, a quote, CR or LF, its quotes doubled.
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell beginning with `=`, `+`,
 * `-`, `@`, tab or CR as a formula, so any TEXT cell beginning with one gets a leading `'`, which
 * spreadsheets show as text. Numbers the export writes itself (counts, amounts it formatted) are
 * `CsvNumber`s and stay numbers, a negative one included: it is our own digits, never a user's text.
 */
import { minorUnits, roundMoney } from './currencies.ts';

/** A cell the export itself produced from a number: written as it is, never escaped as text. */
export interface CsvNumber {
  readonly number: string;
}

export type CsvCell = string | number | boolean | null | undefined | CsvNumber;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A number as a cell: finite numbers only (NaN and infinities are empty). */
export function csvNumber(value: number): CsvNumber {
  return { number: Number.isFinite(value) ? String(value) : '' };
}

/**
 * An amount in major units as a decimal string with exactly the currency's minor-unit digits
 * (`12.50` USD, `1200` JPY, `1.250` KWD): never converted, rounded as every figure is (`roundMoney`).
 */
export function formatMoney(amount: number, currency: string): string {
  return roundMoney(amount, currency).toFixed(minorUnits(currency));
}

/** An amount as a numeric cell (see `formatMoney`). */
export const moneyCell = (amount: number, currency: string): CsvNumber => ({ number: formatMoney(amount, currency) });

/** Text that a spreadsheet would not run: `'` before a formula's first character. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: text defused and quoted when needed; numbers and booleans as written; null and undefined empty. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') return cell.number;
  if (typeof cell === 'number') return csvNumber(cell).number;
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const text = defuseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record (or the header), CRLF-terminated. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
