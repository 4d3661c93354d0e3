/**
 * `camelCase`, `parseQuery` and `assembleInput` (docs/decisions.md "Inputs"): snake_case and camelCase
 * names in query and body, the three query array forms, repeated path ids, non-object bodies.
 */
import { describe, expect, it } from 'vitest';
import { thrown } from '../support/thrown.ts';
import { z } from 'zod';
import { routeByKey, type Route } from '../../functions/routes.ts';
import { assembleInput, camelCase, parseQuery } from '../../shared/http/middleware/assemble-input.ts';
import { parseInput } from '../../shared/http/middleware/validate.ts';
import { Problem } from '../../shared/http/problem.ts';
import { arrayInput } from '../../shared/schemas/common.ts';

const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const patchUser = routeByKey('PATCH /v1/users/:id');
const listUsers = routeByKey('GET /v1/users');
const unlink = routeByKey('DELETE /v1/campaigns/:id/activities/:activityId');

/** Assembles a request; path parameters default to `{ id: USER }`, `NO_PATH` for routes without any. */
function assemble(
  route: Route = patchUser,
  query = '',
  body?: unknown,
  pathParameters: Record<string, string> = { id: USER },
) {
  return assembleInput(route, { pathParameters, rawQueryString: query }, body);
}

const NO_PATH: Record<string, string> = {};

describe('camelCase', () => {
  it.each([
    ['page_index', 'pageIndex'],
    ['organization_id', 'organizationId'],
    ['campaign_ids', 'campaignIds'],
    ['pageIndex', 'pageIndex'],
    ['id', 'id'],
    ['date_from', 'dateFrom'],
    ['organization-id', 'organizationId'],
    ['views_count_2', 'viewsCount2'],
  ])('turns %s into %s', (input, expected) => {
    expect(camelCase(input)).toBe(expected);
  });
});

describe('parseQuery', () => {
  it('gives an empty object for no query string', () => {
    expect(parseQuery(undefined)).toEqual({});
    expect(parseQuery('')).toEqual({});
  });

  it('keeps single values as strings, URL-decoded', () => {
    expect(parseQuery('search_term=a%20b+c&x=1')).toEqual({ search_term: 'a b c', x: '1' });
  });

  it('turns repeated keys into an array', () => {
    expect(parseQuery('ids=a&ids=b&ids=c')).toEqual({ ids: ['a', 'b', 'c'] });
  });

  it('turns key[] into an array, even with a single value', () => {
    expect(parseQuery('ids[]=a')).toEqual({ ids: ['a'] });
    expect(parseQuery('ids[]=a&ids[]=b')).toEqual({ ids: ['a', 'b'] });
    expect(parseQuery('ids%5B%5D=a&ids%5B%5D=b')).toEqual({ ids: ['a', 'b'] });
  });

  it('keeps one comma-separated value as one string (the schema splits it)', () => {
    expect(parseQuery('ids=a,b')).toEqual({ ids: 'a,b' });
  });
});

describe('assembleInput: names', () => {
  it('maps the generic path parameter to its canonical name and records it as from the path', () => {
    const { input, fromPath } = assemble();
    expect(input).toEqual({ userId: USER });
    expect([...fromPath]).toEqual([['userId', 'id']]);
  });

  it('reports an invalid path parameter under its name in the path, as the OpenAPI document names it (docs/decisions.md "Inputs")', () => {
    const getCampaign = routeByKey('GET /v1/campaigns/:id');
    const { input, fromPath } = assemble(getCampaign, '', undefined, { id: 'not-a-uuid' });
    const problem = thrown(() =>
      parseInput(z.strictObject({ campaignId: z.uuid() }), input, undefined, fromPath),
    ) as Problem;
    expect(problem.errors).toEqual([{ path: 'id', message: expect.any(String) }]);
    // A parameter whose name in the path is its input name keeps it.
    const both = assemble(unlink, '', undefined, { id: OTHER, activityId: 'x' });
    const schema = z.strictObject({ campaignId: z.uuid(), activityId: z.uuid() });
    expect((thrown(() => parseInput(schema, both.input, undefined, both.fromPath)) as Problem).errors).toEqual([
      { path: 'activityId', message: expect.any(String) },
    ]);
  });

  it('accepts snake_case and camelCase query keys under camelCase names, not marked as from the path', () => {
    const { input, fromPath } = assemble(
      listUsers,
      'organization_id=o&page_index=1&pageSize=20&sortDirection=asc',
      undefined,
      NO_PATH,
    );
    expect(input).toEqual({ organizationId: 'o', pageIndex: '1', pageSize: '20', sortDirection: 'asc' });
    expect(fromPath.has('organizationId')).toBe(false);
  });

  it('accepts snake_case and camelCase body keys under camelCase names', () => {
    const { input } = assemble(patchUser, '', { job_role: 'Analyst', avatarKey: 'k', name: 'Ada' });
    expect(input).toEqual({ userId: USER, jobRole: 'Analyst', avatarKey: 'k', name: 'Ada' });
  });

  it("renames top-level keys only: nested objects keep the caller's keys", () => {
    const { input } = assemble(patchUser, '', { preferences: { dark_mode: true, table_columns: ['a_b'] } });
    expect(input.preferences).toEqual({ dark_mode: true, table_columns: ['a_b'] });
  });

  it('accepts the same input in snake_case and camelCase when the values agree', () => {
    expect(assemble(listUsers, 'page_index=1&pageIndex=1', undefined, NO_PATH).input).toEqual({ pageIndex: '1' });
  });

  it('answers 400 naming the field when snake_case and camelCase spellings disagree', () => {
    const error = thrown(() => assemble(listUsers, 'page_index=1&pageIndex=2', undefined, NO_PATH));
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).status).toBe(400);
    expect((error as Problem).errors).toEqual([
      { path: 'pageIndex', message: expect.stringContaining('different value') },
    ]);
  });

  it('answers 400 when query and body give one field different values', () => {
    const error = thrown(() => assemble(patchUser, 'name=a', { name: 'b' }));
    expect((error as Problem).code).toBe('invalid_input');
    expect((error as Problem).errors).toEqual([{ path: 'name', message: expect.stringContaining('body') }]);
  });

  it('accepts query keys that are names of Object.prototype members (constructor, toString) as ordinary fields', () => {
    // Unknown to every schema, so validation rejects them as "Unknown field." afterwards; assembling
    // must not mistake the inherited Object.prototype member for an earlier value of the same input.
    expect(thrown(() => assemble(patchUser, 'constructor=x&toString=y'))).toBeUndefined();
  });
});

describe('assembleInput: repeated path ids', () => {
  it.each([
    ['the body as user_id', '', { user_id: USER }],
    ['the body as userId', '', { userId: USER }],
    ['the query as user_id', `user_id=${USER}`, undefined],
  ])('accepts the path id repeated with the same value in %s', (_where, query, body) => {
    const { input } = assemble(patchUser, query, body);
    expect(input).toEqual({ userId: USER });
  });

  it.each([
    ['the body as user_id', '', { user_id: OTHER }],
    ['the body as userId', '', { userId: OTHER }],
    ['the query as user_id', `user_id=${OTHER}`, undefined],
  ])(
    'answers 400 with errors[].path userId when the path id is repeated with another value in %s',
    (_where, query, body) => {
      const error = thrown(() => assemble(patchUser, query, body));
      expect(error).toBeInstanceOf(Problem);
      expect((error as Problem).code).toBe('invalid_input');
      expect((error as Problem).errors).toEqual([
        { path: 'userId', message: expect.stringContaining('different value') },
      ]);
    },
  );

  // docs/decisions.md "Inputs": `id` was read as the path id, so `PATCH /v1/campaigns/:id {"id": ...}` was refused
  // naming campaignId. docs/decisions.md: `id` is a field the caller may not set, an unknown field.
  it.each([
    ['the body', '', { id: USER }],
    ['the query', `id=${OTHER}`, undefined],
  ])('keeps a bare id in %s as `id` (an unknown field to the schema), not as the path id', (_where, query, body) => {
    const { input } = assemble(patchUser, query, body);
    expect(input).toEqual({ userId: USER, id: expect.any(String) });
  });

  it('remembers the spelling of each input sent under another name', () => {
    expect(assemble(patchUser, 'page_size=1', { job_role: 'x', name: 'y' }).sentNames).toEqual(
      new Map([
        ['pageSize', 'page_size'],
        ['jobRole', 'job_role'],
      ]),
    );
  });

  it('keeps a named path parameter (no generic alias) under its own name and checks repeats of it', () => {
    const path = { id: 'c1', activityId: 'a1' };
    expect(assemble(unlink, '', { activity_id: 'a1', campaign_id: 'c1' }, path).input).toEqual({
      campaignId: 'c1',
      activityId: 'a1',
    });
    const error = thrown(() => assemble(unlink, '', { activityId: 'a2' }, path));
    expect((error as Problem).errors).toEqual([{ path: 'activityId', message: expect.any(String) }]);
  });

  it('lists every conflicting field at once', () => {
    const error = thrown(() =>
      assemble(unlink, 'campaign_id=c2', { activityId: 'a2' }, { id: 'c1', activityId: 'a1' }),
    );
    expect((error as Problem).errors?.map((e) => e.path)).toEqual(['campaignId', 'activityId']);
  });
});

describe('assembleInput: the body must be a JSON object', () => {
  it.each([
    ['null', null],
    ['an array', [{ name: 'a' }]],
    ['a string', 'name'],
    ['a number', 1],
    ['a boolean', true],
  ])('answers 400 invalid_input for a body that is %s', (_kind, body) => {
    const error = thrown(() => assemble(patchUser, '', body));
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).status).toBe(400);
    expect((error as Problem).code).toBe('invalid_input');
  });

  it('accepts no body at all (undefined) and an empty object', () => {
    expect(assemble(patchUser, '', undefined).input).toEqual({ userId: USER });
    expect(assemble(patchUser, '', {}).input).toEqual({ userId: USER });
  });
});

describe('query array forms with arrayInput', () => {
  const schema = z.strictObject({ campaignIds: arrayInput(z.string().min(1)) });

  it.each([
    ['repeated keys', 'campaign_ids=a&campaign_ids=b'],
    ['key[]', 'campaign_ids[]=a&campaign_ids[]=b'],
    ['one comma-separated value', 'campaign_ids=a,b'],
    ['camelCase repeated keys', 'campaignIds=a&campaignIds=b'],
    ['camelCase key[]', 'campaignIds[]=a&campaignIds[]=b'],
  ])('reads %s as the array [a, b]', (_form, query) => {
    const { input } = assemble(listUsers, query, undefined, NO_PATH);
    expect(parseInput(schema, input)).toEqual({ campaignIds: ['a', 'b'] });
  });

  it('reads a single plain value and a single key[] value as a one-item array', () => {
    expect(parseInput(schema, assemble(listUsers, 'campaign_ids=a', undefined, NO_PATH).input)).toEqual({
      campaignIds: ['a'],
    });
    expect(parseInput(schema, assemble(listUsers, 'campaign_ids[]=a', undefined, NO_PATH).input)).toEqual({
      campaignIds: ['a'],
    });
  });

  it('accepts a JSON array in the body unchanged', () => {
    expect(parseInput(schema, assemble(listUsers, '', { campaign_ids: ['a', 'b'] }, NO_PATH).input)).toEqual({
      campaignIds: ['a', 'b'],
    });
  });
});
