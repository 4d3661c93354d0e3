/**
 * The table's indexes against the access patterns the entities declare (`defineEntity`'s
 * `queries`): every index serves some named query, every named query reads an index the table
 * has, on a sort key it can compare, and no key condition or filter is written anywhere but the
 * query layer (shared/db/table). Each key builder belongs to one entity.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DECLARED_ENTITIES } from '../../shared/db/table/entity.ts';
import type { KeyCondition } from '../../shared/db/table/keys.ts';
import { keyAttributesOf, queryInput } from '../../shared/db/table/query.ts';
import { GLOBAL_INDEXES, keyTypes } from '../../shared/db/table/table-definition.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every .ts file under a folder, as repository-relative paths. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/**
 * An argument every pattern takes: a string ("x") that is also a rollup scope; patterns build
 * strings from ids, addresses and dates, and a day rollup's from its scope.
 */
const anyArgument = Object.assign(new String('x'), { kind: 'activity', id: 'x' });

interface Declared {
  pattern: string;
  condition: KeyCondition;
}

let declared: Declared[] = [];

beforeAll(async () => {
  // Importing every module of the data layer declares every entity.
  for (const file of filesUnder('shared/db')) await import(pathToFileURL(join(ROOT, file)).href);
  declared = DECLARED_ENTITIES.flatMap((entity) =>
    Object.entries(entity.queries).map(([name, pattern]) => ({
      pattern: `${entity.name} ${name}`,
      condition: (pattern as (...args: unknown[]) => KeyCondition)(
        ...Array.from({ length: Math.max(pattern.length, 4) }, () => anyArgument),
      ),
    })),
  );
});

describe('named queries and the table definition', () => {
  it('finds the entities and their patterns', () => {
    expect(DECLARED_ENTITIES.length).toBeGreaterThan(40);
    expect(declared.length).toBeGreaterThan(40);
  });

  it('reads only indexes the table has, on the key attributes they have', () => {
    const wrong = declared.flatMap(({ pattern, condition }) => {
      if (condition.index === 'table') return [];
      const index = GLOBAL_INDEXES.find((i) => i.indexName === condition.index);
      if (!index) return [`${pattern}: no index ${condition.index}`];
      // A sort-key condition compares strings: a Number sort key (gsi7-9) is only read in its order.
      if (condition.sk && keyTypes(index).sortKey !== 'S')
        return [`${pattern}: a string condition on the Number sort key ${index.sortKey}`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('names the index key attributes in the request it builds', () => {
    for (const { pattern, condition } of declared) {
      const { partitionKey, sortKey } = keyAttributesOf(condition.index);
      const input = queryInput(condition);
      const names = Object.values(input.ExpressionAttributeNames ?? {});
      expect(names, pattern).toContain(partitionKey);
      if (condition.sk) expect(names, pattern).toContain(sortKey);
      expect(input.IndexName, pattern).toBe(condition.index === 'table' ? undefined : condition.index);
    }
  });

  it('uses every index of the table in some named query', () => {
    const used = new Set(declared.map(({ condition }) => condition.index));
    expect(GLOBAL_INDEXES.map((i) => i.indexName).filter((name) => !used.has(name))).toEqual([]);
  });

  it('declares each key builder in one entity', () => {
    const byKey = new Map<unknown, string[]>();
    for (const entity of DECLARED_ENTITIES) byKey.set(entity.key, [...(byKey.get(entity.key) ?? []), entity.name]);
    expect([...byKey.values()].filter((names) => names.length > 1)).toEqual([]);
  });
});

/** The strings that write a query by hand, or send around the query layer. */
const BY_HAND = [
  'KeyConditionExpression',
  'FilterExpression',
  'documentClient().send(',
  'new QueryCommand(',
  'new ScanCommand(',
];

/** Code without its comments, so that a comment may name what the code must not do. */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** Where `files` (path -> source) write a query by hand outside shared/db/table. */
function queriesByHand(files: ReadonlyMap<string, string>): string[] {
  return [...files].flatMap(([file, source]) =>
    file.startsWith('shared/db/table/')
      ? []
      : BY_HAND.filter((s) => code(source).includes(s)).map((s) => `${file}: ${s}`),
  );
}

describe('key conditions only in the query layer', () => {
  it('holds for shared/, functions/ and infra/', () => {
    const files = new Map(
      ['shared', 'functions', 'infra']
        .flatMap(filesUnder)
        .map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]),
    );
    expect(files.size).toBeGreaterThan(300);
    expect(queriesByHand(files)).toEqual([]);
  });

  it('names the file and the string', () => {
    const files = new Map([
      ['shared/db/tenancy/x.ts', "await queryAll({ KeyConditionExpression: 'pk = :pk' });"],
      [
        'functions/jobs/y.ts',
        '// KeyConditionExpression in a comment\nawait documentClient().send(new QueryCommand(input));',
      ],
      ['shared/db/table/query.ts', "const KeyConditionExpression = 'pk = :pk';"],
    ]);
    expect(queriesByHand(files)).toEqual([
      'shared/db/tenancy/x.ts: KeyConditionExpression',
      'functions/jobs/y.ts: documentClient().send(',
      'functions/jobs/y.ts: new QueryCommand(',
    ]);
  });
});
