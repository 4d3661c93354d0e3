/**
 * `fieldErrors` / `parseInput` (unknown fields, nested paths) and the schema helpers
 * `intInput`, `BooleanInput`, `arrayInput` that read query-string spellings.
 */
import { describe, expect, it } from 'vitest';
import { thrown } from '../support/thrown.ts';
import { z } from 'zod';
import { fieldErrors, parseInput } from '../../shared/http/middleware/validate.ts';
import { Problem } from '../../shared/http/problem.ts';
import { arrayInput, BooleanInput, intInput, paging, Uuid } from '../../shared/schemas/common.ts';


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
    expect(parseInput(schema, { name: 'a', settings: { theme: 'dark' } })).toEqual({ name: 'a', settings: { theme: 'dark' } });
  });

  it('rejects an unknown field as exactly [{path: "foo", message: "Unknown field."}]', () => {
    const problem = problemOf(schema, { name: 'a', foo: 1 });
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('invalid_input');
    expect(problem.errors).toEqual([{ path: 'foo', message: 'Unknown field.' }]);
    expect(problem.detail).toContain('foo');
  });

  it('lists each unknown field separately', () => {
    expect(problemOf(schema, { name: 'a', foo: 1, bar: 2 }).errors).toEqual([
      { path: 'foo', message: 'Unknown field.' },
      { path: 'bar', message: 'Unknown field.' },
    ]);
  });

  it('joins nested paths with "." for unknown fields and for invalid values', () => {
    const problem = problemOf(schema, { name: 'a', settings: { theme: 'blue', extra: true }, items: [{ label: 'x' }, { label: 3 }] });
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

  it.each([['"1"', '1'], ['"yes"', 'yes'], ['""', ''], ['1', 1], ['null', null]])('rejects %s', (_label, value) => {
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
