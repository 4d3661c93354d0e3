/**
 * How an export's records become its file, written piece by piece as the pages come:
 * CSV (RFC 4180, shared/domain/csv.ts; columns from columns.ts) or JSON, one array of the records
 * exactly as the list route answers them (its `items`, page after page), one record a line so a
 * large file can still be read line by line after the opening `[`.
 */
import { csvRow } from '../../shared/domain/csv.ts';
import type { ExportFormat } from '../../shared/records/export.ts';
import type { Column } from './columns.ts';

export interface FileWriter {
  contentType: string;
  start(): string;
  row(record: Record<string, unknown>): string;
  end(): string;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', json: 'application/json' };

export function csvWriter(columns: readonly Column[]): FileWriter {
  return {
    contentType: CONTENT_TYPES.csv,
    start: () => csvRow(columns.map((c) => c.name)),
    row: (record) => csvRow(columns.map((c) => c.cell(record))),
    end: () => '',
  };
}

export function jsonWriter(): FileWriter {
  let first = true;
  return {
    contentType: CONTENT_TYPES.json,
    start: () => '[',
    row: (record) => {
      const separator = first ? '\n' : ',\n';
      first = false;
      return `${separator}${JSON.stringify(record)}`;
    },
    end: () => (first ? ']\n' : '\n]\n'),
  };
}
