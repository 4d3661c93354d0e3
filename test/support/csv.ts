/**
 * An RFC 4180 reader for tests of exports: written apart from the writer (shared/domain/csv.ts),
 * so a test compares the writer with the standard rather than with itself. Strict: every record
 * must end in CRLF, and a quote inside a quoted field must be doubled.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote in an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
      continue;
    }
    throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text[i] ?? 'the end')}`);
  }
  if (record.length) throw new Error('the last record does not end in CRLF');
  return records;
}

/** Header and rows as objects keyed by column name. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('no header row');
  return rows.map((row) => {
    if (row.length !== header.length)
      throw new Error(`a row of ${row.length} fields under a header of ${header.length}`);
    return Object.fromEntries(header.map((name, n) => [name, row[n]!]));
  });
}
