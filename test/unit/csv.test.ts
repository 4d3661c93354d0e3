/** The export CSV writer (shared/domain/csv.ts): RFC 4180, formula injection, money digits per currency. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvField, csvNumber, csvRow, formatMoney, moneyCell } from '../../shared/domain/csv.ts';
import { parseCsv } from '../support/csv.ts';

describe('RFC 4180', () => {
  it('ends every record with CRLF and leaves plain fields unquoted', () => {
    expect(csvRow(['a', 'b', 'c'])).toBe('a,b,c\r\n');
  });

  it('quotes a field holding a comma, a quote, CR or LF, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('"')).toBe('""""');
  });

  it('writes null and undefined as empty fields, and booleans as true/false', () => {
    expect(csvRow([null, undefined, true, false, ''])).toBe(',,true,false,\r\n');
  });

  it('round-trips any text through a strict RFC 4180 reader (after the formula guard)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          const text = rows.map((row) => csvRow(row)).join('');
          const guarded = rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
          expect(parseCsv(text)).toEqual(guarded);
        },
      ),
    );
  });
});

describe('formula injection (OWASP)', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")'])(
    'prefixes text beginning %j with a quote',
    (text) => {
      const [[cell]] = parseCsv(csvRow([text])) as [[string]];
      expect(cell).toBe(`'${text}`);
    },
  );

  it('leaves text that only contains such characters later alone', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('x-1')).toBe('x-1');
  });

  it('keeps numbers it writes itself as numbers, negative ones included', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(csvNumber(-1.5))).toBe('-1.5');
    expect(csvField(moneyCell(-12.5, 'USD'))).toBe('-12.50');
    // The same characters as text are a user's, and guarded.
    expect(csvField('-5')).toBe("'-5");
  });

  it('writes non-finite numbers as empty', () => {
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('money in major units', () => {
  it.each([
    [1200, 'JPY', '1200'],
    [1200.4, 'JPY', '1200'],
    [12.5, 'USD', '12.50'],
    [0.1 + 0.2, 'USD', '0.30'],
    [1.005, 'USD', '1.01'],
    [3, 'EUR', '3.00'],
    [1.25, 'KWD', '1.250'],
    [0.0005, 'BHD', '0.001'],
    [-7.1, 'USD', '-7.10'],
    [-0.001, 'USD', '0.00'],
    [0, 'JPY', '0'],
    [1.2345, 'CLF', '1.2345'],
  ])('%d %s is %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });
});
