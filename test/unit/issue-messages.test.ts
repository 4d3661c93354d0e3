/**
 * Every zod issue code gets the service's own message (shared/schemas/zod.ts): no zod locale is
 * loaded, so a code it did not word would read zod's bare "Invalid input".
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { issueMessage } from '../../shared/schemas/zod.ts';

const messageOf = (schema: z.ZodMiniType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to fail');
  return result.error.issues.map((issue) => issue.message);
};

describe('issue messages', () => {
  it.each([
    ['invalid_type, missing', z.object({ a: z.string() }), {}, 'Required.'],
    ['invalid_type', z.number(), 'x', 'Must be a number.'],
    ['too_small', z.string().check(z.minLength(3)), 'ab', 'Must be at least 3 characters.'],
    ['too_big', z.array(z.string()).check(z.maxLength(1)), ['a', 'b'], 'Must have at most 1 item.'],
    ['invalid_value', z.enum(['asc', 'desc']), 'up', 'Must be one of: asc, desc.'],
    ['invalid_format, named', z.uuid(), 'x', 'Must be a UUID.'],
    ['invalid_format, url', z.url(), 'not a url', 'Must be a URL.'],
    ['invalid_format, regex', z.string().check(z.regex(/^a+$/)), 'b', 'Must match the pattern /^a+$/.'],
    ['invalid_format, starts_with', z.string().check(z.startsWith('cs_')), 'x', 'Must start with "cs_".'],
    ['invalid_format, ends_with', z.string().check(z.endsWith('.csv')), 'x', 'Must end with ".csv".'],
    ['invalid_format, includes', z.string().check(z.includes('@')), 'x', 'Must include "@".'],
    ['invalid_format, other', z.ipv4(), 'x', 'Must be a valid ipv4.'],
    ['not_multiple_of', z.number().check(z.multipleOf(5)), 7, 'Must be a multiple of 5.'],
    ['unrecognized_keys', z.strictObject({}), { a: 1 }, 'Unknown field.'],
    ['invalid_union', z.union([z.string(), z.number()]), true, 'Must match one of the accepted forms.'],
    [
      'invalid_key',
      z.record(z.string().check(z.minLength(2)), z.string()),
      { a: 'x' },
      'Has a key that is not accepted.',
    ],
    ['custom', z.string().check(z.refine(() => false)), 'x', 'Invalid value.'],
  ] as const)('%s', (_code, schema, input, message) => {
    expect(messageOf(schema as z.ZodMiniType, input)).toEqual([message]);
  });

  it("invalid_element (this zod reports a map's bad item by its own issue, so the raw issue is worded directly)", () => {
    expect(issueMessage({ code: 'invalid_element', origin: 'map', key: 'a', issues: [], input: new Map() })).toBe(
      'Has an item that is not accepted.',
    );
  });

  it("lets a schema's own message win", () => {
    expect(messageOf(z.string().check(z.regex(/^a$/, { error: 'Must be a.' })), 'b')).toEqual(['Must be a.']);
  });
});
