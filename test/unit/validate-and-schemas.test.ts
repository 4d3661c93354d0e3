/**
 * `fieldErrors` / `parseInput` (unknown fields, nested paths, the messages of every kind of issue)
 * and the schema building blocks: `intInput`, `BooleanInput`, `arrayInput` that read query-string
 * spellings; one-line and multi-line texts; numbers, money and free-form JSON that DynamoDB stores.
 */
import { describe, expect, it } from 'vitest';
import { thrown } from '../support/thrown.ts';
import { z } from 'zod';
import { fieldErrors, parseInput } from '../../shared/http/middleware/validate.ts';
import { toProblem } from '../../shared/http/middleware/problem-responses.ts';
import { Problem } from '../../shared/http/problem.ts';
import * as zm from 'zod/mini';
import {
  arrayInput,
  BooleanInput,
  DateOnly,
  DateTime,
  intInput,
  multilineText,
  numberInput,
  paging,
  text,
  Uuid,
} from '../../shared/schemas/common.ts';
import { jsonObject } from '../../shared/schemas/json.ts';
import { checkMinorUnit, moneyInput } from '../../shared/schemas/money.ts';

function problemOf(schema: z.ZodType, raw: unknown): Problem {
  const error = thrown(() => parseInput(schema, raw));
  expect(error).toBeInstanceOf(Problem);
  return error as Problem;
}

describe('parseInput / fieldErrors', () => {
  const schema = z.strictObject({
    name: z.string(),
    settings: z.strictObject({ theme: z.enum(['light', 'dark']) }).optional(),
    items: z.array(z.strictObject({ label: z.string() })).optional(),
  });

  it('returns the parsed input when it is valid', () => {
    expect(parseInput(schema, { name: 'a', settings: { theme: 'dark' } })).toEqual({
      name: 'a',
      settings: { theme: 'dark' },
    });
  });

  it('rejects an unknown field as exactly [{path: "foo", message: "Unknown field."}]', () => {
    const problem = problemOf(schema, { name: 'a', foo: 1 });
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('invalid_input');
    expect(problem.errors).toEqual([{ path: 'foo', message: 'Unknown field.' }]);
    expect(problem.detail).toContain('foo');
  });

  it('says which name the route gives the tenant when the other one is sent (docs/decisions.md "Inputs")', () => {
    const workspaceRoute = z.strictObject({ workspaceId: z.string(), name: z.string() });
    const organizationRoute = z.strictObject({ organizationId: z.string() });
    expect(problemOf(workspaceRoute, { name: 'a', workspaceId: 'w', organizationId: 'o' }).errors).toEqual([
      { path: 'organizationId', message: 'Unknown field: this route names the tenant `workspaceId`.' },
    ]);
    // The snake_case spelling is named as sent, with the same hint.
    const sent = new Map([['workspaceId', 'workspace_id']]);
    expect(thrown(() => parseInput(organizationRoute, { organizationId: 'o', workspaceId: 'w' }, sent))).toMatchObject({
      errors: [{ path: 'workspace_id', message: 'Unknown field: this route names the tenant `organizationId`.' }],
    });
    // A route naming neither (or both) gets no hint.
    expect(problemOf(schema, { name: 'a', organizationId: 'o' }).errors).toEqual([
      { path: 'organizationId', message: 'Unknown field.' },
    ]);
  });

  it('lists each unknown field separately', () => {
    expect(problemOf(schema, { name: 'a', foo: 1, bar: 2 }).errors).toEqual([
      { path: 'foo', message: 'Unknown field.' },
      { path: 'bar', message: 'Unknown field.' },
    ]);
  });

  it('joins nested paths with "." for unknown fields and for invalid values', () => {
    const problem = problemOf(schema, {
      name: 'a',
      settings: { theme: 'blue', extra: true },
      items: [{ label: 'x' }, { label: 3 }],
    });
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'settings.theme', message: expect.any(String) },
        { path: 'settings.extra', message: 'Unknown field.' },
        { path: 'items.1.label', message: expect.any(String) },
      ]),
    );
    expect(problem.errors).toHaveLength(3);
  });

  it('names a missing required field', () => {
    expect(problemOf(schema, {}).errors).toEqual([{ path: 'name', message: expect.any(String) }]);
  });

  it('reports an error about the input as a whole with an empty path, named "(input)" in the detail', () => {
    const problem = problemOf(schema, 'not an object');
    expect(problem.errors).toEqual([{ path: '', message: expect.any(String) }]);
    expect(problem.detail).toContain('(input)');
  });

  it('fieldErrors maps a ZodError directly', () => {
    const result = z.strictObject({ a: z.number() }).safeParse({ a: 'x', b: 1 });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual(
      expect.arrayContaining([
        { path: 'a', message: expect.any(String) },
        { path: 'b', message: 'Unknown field.' },
      ]),
    );
  });
});

describe('intInput', () => {
  const schema = intInput(1, 100);

  it.each([
    ['the number 5', 5, 5],
    ['the string "5"', '5', 5],
    ['a padded string " 7 "', ' 7 ', 7],
    ['the lower bound "1"', '1', 1],
    ['the upper bound 100', 100, 100],
  ])('accepts %s', (_label, value, expected) => {
    expect(schema.parse(value)).toBe(expected);
  });

  it.each([
    ['0 (below min)', '0'],
    ['101 (above max)', '101'],
    ['-3', '-3'],
    ['a decimal string', '1.5'],
    ['a decimal number', 1.5],
    ['exponent notation', '1e2'],
    ['letters', 'abc'],
    ['an empty string', ''],
    ['a boolean', true],
    ['undefined (missing)', undefined],
  ])('rejects %s', (_label, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('says "Must be an integer." for a non-integer', () => {
    expect(schema.safeParse('1.5').error?.issues[0]?.message).toBe('Must be an integer.');
    expect(schema.safeParse(2.5).error?.issues[0]?.message).toBe('Must be an integer.');
  });

  // docs/decisions.md "Inputs": every problem of a paging value answered "Must be an integer.".
  it.each([
    ['pageSize=101', paging.pageSize, '101', 'Must be at most 100.'],
    ['pageSize=0', paging.pageSize, '0', 'Must be at least 1.'],
    ['pageSize=-1', paging.pageSize, '-1', 'Must be at least 1.'],
    ['pageIndex=-1', paging.pageIndex, '-1', 'Must be at least 0.'],
    ['a missing pageSize', paging.pageSize, undefined, 'Required.'],
    ['2^53 + 1', intInput(0, Number.MAX_SAFE_INTEGER), 2 ** 53 + 1, `Must be at most ${Number.MAX_SAFE_INTEGER}.`],
  ])('says what is wrong with %s', (_label, field, value, message) => {
    expect(problemOf(z.strictObject({ field }), value === undefined ? {} : { field: value }).errors).toEqual([
      { path: 'field', message },
    ]);
  });

  it('paging accepts pageIndex 0 and rejects pageSize 0 and 101', () => {
    expect(paging.pageIndex.parse('0')).toBe(0);
    expect(paging.pageSize.safeParse('0').success).toBe(false);
    expect(paging.pageSize.safeParse('101').success).toBe(false);
  });
});

describe('BooleanInput', () => {
  it.each([
    ['"true"', 'true', true],
    ['"false"', 'false', false],
    ['true', true, true],
    ['false', false, false],
  ])('reads %s', (_label, value, expected) => {
    expect(BooleanInput.parse(value)).toBe(expected);
  });

  it.each([
    ['"1"', '1'],
    ['"yes"', 'yes'],
    ['""', ''],
    ['1', 1],
    ['null', null],
  ])('rejects %s', (_label, value) => {
    expect(BooleanInput.safeParse(value).success).toBe(false);
  });
});

describe('arrayInput', () => {
  it('splits a comma-separated string, trimming and dropping empty parts', () => {
    expect(arrayInput(z.string()).parse(' a , b ,,c, ')).toEqual(['a', 'b', 'c']);
  });

  it('passes an array through', () => {
    expect(arrayInput(z.string()).parse(['a,b', 'c'])).toEqual(['a,b', 'c']);
  });

  it('validates every item (with the item index in the path)', () => {
    const schema = z.strictObject({ ids: arrayInput(Uuid) });
    const problem = problemOf(schema, { ids: '11111111-1111-4111-8111-111111111111,nope' });
    expect(problem.errors).toEqual([{ path: 'ids.1', message: 'Must be a UUID.' }]);
  });

  it('enforces min and max item counts', () => {
    const schema = arrayInput(z.string(), { min: 1, max: 2 });
    expect(schema.safeParse('a,b,c').success).toBe(false);
    expect(schema.safeParse('').success).toBe(false);
    expect(schema.safeParse([]).success).toBe(false);
    expect(schema.parse('a,b')).toEqual(['a', 'b']);
  });
});

describe('messages of the other building blocks (docs/decisions.md "Inputs")', () => {
  it.each([
    ['a text too long', text(1, 5), 'abcdefg', 'Must be at most 5 characters.'],
    ['a blank required text', text(1, 5), '   ', 'Must not be empty.'],
    ['a value outside an enum, naming the allowed ones', zm.enum(['asc', 'desc']), 'up', 'Must be one of: asc, desc.'],
    ['a missing text', text(1, 5), undefined, 'Required.'],
    ['a number where text is expected', text(1, 5), 5, 'Must be a string.'],
    ['a malformed UUID', Uuid, 'nope', 'Must be a UUID.'],
    ['a date that is not YYYY-MM-DD', DateOnly, '23/11/2026', 'Must be a date, YYYY-MM-DD.'],
    ['a date not in the calendar', DateOnly, '2026-02-30', 'Must be a real calendar date.'],
    ['a number above its maximum', numberInput(0, 10), 11, 'Must be at most 10.'],
    [
      'too many items',
      arrayInput(Uuid, { max: 1 }),
      [crypto.randomUUID(), crypto.randomUUID()],
      'Must have at most 1 item.',
    ],
  ])('%s', (_label, field, value, message) => {
    expect(problemOf(z.strictObject({ field }), value === undefined ? {} : { field: value }).errors).toEqual([
      { path: 'field', message },
    ]);
  });

  it('names an unknown field as the client spelled it (docs/decisions.md "Inputs")', () => {
    const problem = thrown(() =>
      parseInput(zm.strictObject({ name: zm.string() }), { name: 'a', fooBar: 1 }, new Map([['fooBar', 'foo_bar']])),
    );
    expect((problem as Problem).errors).toEqual([{ path: 'foo_bar', message: 'Unknown field.' }]);
  });
});

/** docs/decisions.md "Inputs": every date input names a day or instant of the years 1970 to 2100. */
describe('dates of the years 1970 to 2100 only', () => {
  const errorsOf = (field: unknown, value: string) =>
    problemOf(z.strictObject({ field: field as z.ZodType }), { field: value }).errors;

  it.each(['9999-12-31', '2101-01-01', '1969-12-31', '0000-01-01', '0001-01-01'])(
    'refuses the date %s, naming the field',
    (value) => {
      expect(errorsOf(DateOnly, value)).toEqual([{ path: 'field', message: 'Must be in the years 1970 to 2100.' }]);
    },
  );

  it.each([
    '9999-12-31T23:00:00-05:00', // stored as +010000-01-01T04:00:00.000Z, which sorted first
    '9999-12-31T23:59:59Z',
    '2101-01-01T00:00:00Z',
    '2100-12-31T23:00:00-05:00', // 2101 as an instant
    '1969-12-31T23:59:59.999Z',
    '1970-01-01T00:30:00+01:00', // 1969 as an instant
    '0000-01-01T00:00:00Z',
  ])('refuses the instant %s, naming the field', (value) => {
    expect(errorsOf(DateTime, value)).toEqual([
      { path: 'field', message: 'Must be an instant in the years 1970 to 2100 (UTC).' },
    ]);
  });

  it('accepts the first and last day and instant of the range', () => {
    for (const day of ['1970-01-01', '2100-12-31', '2026-12-07']) expect(DateOnly.parse(day)).toBe(day);
    expect(DateTime.parse('1970-01-01T00:00:00Z')).toBe('1970-01-01T00:00:00.000Z');
    expect(DateTime.parse('2100-12-31T23:59:59.999Z')).toBe('2100-12-31T23:59:59.999Z');
    expect(DateTime.parse('2100-12-31T18:00:00-05:00')).toBe('2100-12-31T23:00:00.000Z');
  });
});

/** docs/decisions.md "Inputs": control characters in names reached email subjects. */
describe('one-line and multi-line texts', () => {
  const HOSTILE = [
    'Acme\r\nBcc: x@example.com',
    'a\nb',
    'a\rb',
    'a\u0000b',
    'a\u0007b',
    'a\u007fb',
    'a\u0085b',
    'a\u202eb',
    'a\u202ab',
    'a\u2066b',
    'a\u2069b',
    'a\u200eb',
    'a\u200fb',
    'a\u2028b',
    'Acme\r\n',
  ];

  it.each(HOSTILE.map((s) => [JSON.stringify(s), s]))('a one-line text refuses %s', (_label, value) => {
    const result = text(1, 255).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('one line');
  });

  it('a multi-line text accepts newlines and tabs', () => {
    expect(multilineText(0, 100).parse('line 1\r\nline 2\n\tindented')).toBe('line 1\r\nline 2\n\tindented');
    expect(multilineText(0, 100, { asWritten: true }).parse('  # kept\n')).toBe('  # kept\n');
  });

  it.each(
    ['a\u0000b', 'a\u0007b', 'a\u000bb', 'a\u007fb', 'a\u202eb', 'a\u2067b', 'a\u200fb'].map((s) => [
      JSON.stringify(s),
      s,
    ]),
  )('a multi-line text refuses %s', (_label, value) => {
    expect(multilineText(0, 100).safeParse(value).success).toBe(false);
  });

  it('stores texts NFC-normalised', () => {
    expect(text(1, 10).parse('Cafe\u0301')).toBe('Caf\u00e9');
    expect(multilineText(0, 10).parse('Cafe\u0301')).toBe('Caf\u00e9');
  });
});

/** docs/decisions.md "Inputs": extreme valid-looking numbers reached DynamoDB and answered 500. */
describe('numbers, money and free-form JSON', () => {
  it.each([
    ['1e-200', 1e-200, 'Must have at most 12 decimal places.'],
    ['Infinity (JSON 1e400)', Infinity, 'Must be a number.'],
    ['1e308', 1e308, 'Must be at most 1000000000000000.'],
    ['-1e308', -1e308, 'Must be at least -1000000000000000.'],
  ])('a number input refuses %s', (_label, value, message) => {
    expect(numberInput(-1e15, 1e15).safeParse(value).error?.issues[0]?.message).toBe(message);
  });

  it('a number input reads -0 as 0', () => {
    expect(Object.is(numberInput(-1, 1).parse(-0), 0)).toBe(true);
  });

  it('money refuses anything finer than the finest minor unit, and the currency check refuses finer than its own', () => {
    expect(moneyInput(0, 100).safeParse(1e-200).success).toBe(false);
    expect(moneyInput(0, 100).safeParse(0.00001).success).toBe(false);
    expect(moneyInput(0, 100).parse(12.5)).toBe(12.5);
    expect(moneyInput(0, 100, { aboveMin: true }).safeParse(0).error?.issues[0]?.message).toBe(
      'Must be greater than 0.',
    );
    expect(toProblem(thrown(() => checkMinorUnit(10.5, 'JPY', 'budget'))).errors).toEqual([
      { path: 'budget', message: 'Must be given to at most whole units (JPY).' },
    ]);
    expect(toProblem(thrown(() => checkMinorUnit(10.001, 'USD', 'amount')))).toMatchObject({
      status: 400,
      code: 'invalid_input',
    });
    expect(thrown(() => checkMinorUnit(10.01, 'USD', 'amount'))).toBeUndefined();
    expect(thrown(() => checkMinorUnit(1.0005, 'CLF', 'amount'))).toBeUndefined();
    expect(thrown(() => checkMinorUnit(null, 'USD', 'amount'))).toBeUndefined();
  });

  describe('a JSON object (preferences: 8 levels, 16 KB, non-empty keys)', () => {
    const preferences = jsonObject({ maxDepth: 8, maxBytes: 16 * 1024, maxKeyLength: 100 });
    const nested = (levels: number): Record<string, unknown> =>
      levels === 1 ? { leaf: true } : { a: nested(levels - 1) };
    const errorsOf = (value: unknown) => problemOf(z.strictObject({ preferences }), { preferences: value }).errors;

    it('accepts 8 levels, arrays and ordinary values', () => {
      expect(preferences.parse(nested(8))).toEqual(nested(8));
      expect(preferences.parse({ list: [1, 2.5, 'x', null, { ok: -0.25 }] })).toEqual({
        list: [1, 2.5, 'x', null, { ok: -0.25 }],
      });
    });

    it.each([
      ['9 levels', nested(9), 'preferences.a.a.a.a.a.a.a.a', 'Must be nested at most 8 levels deep.'],
      ['33 levels', nested(33), 'preferences.a.a.a.a.a.a.a.a', 'Must be nested at most 8 levels deep.'],
      ['an empty key, nested', { a: { '': 1 } }, 'preferences.a.', 'Keys must have 1 to 100 characters.'],
      ['an empty top-level key', { '': 1 }, 'preferences.', 'Keys must have 1 to 100 characters.'],
      ['Infinity (JSON 1e400)', { a: [Infinity] }, 'preferences.a.0', 'Must be a number.'],
      ['an integer above 2^53', { a: 2 ** 53 + 2 }, 'preferences.a', `Must be at most ${Number.MAX_SAFE_INTEGER}.`],
      ['1e-200', { a: 1e-200 }, 'preferences.a', 'Must have at most 12 decimal places.'],
    ])('refuses %s', (_label, value, path, message) => {
      expect(errorsOf(value)).toEqual([{ path, message }]);
    });

    it('refuses more than 16 KB of JSON', () => {
      expect(errorsOf({ big: 'x'.repeat(16 * 1024) })).toEqual([
        { path: 'preferences', message: 'Must be at most 16384 bytes of JSON.' },
      ]);
    });
  });
});
