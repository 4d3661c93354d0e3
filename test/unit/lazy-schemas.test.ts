/**
 * Record, reply and stored-item schemas are built when first read (shared/records/lazy-schema.ts),
 * so a function's import builds none of them (the cold-start targets, test/bench/RESULTS.md). What this must not change: the schemas
 * themselves (parsing, composition, metadata in the OpenAPI document), and the Number index keys an
 * entity may hold as null, now declared beside it rather than read off its schema at import.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { ENTITY_SHAPES, nullableNumberKeys } from '../../shared/db/table/entity.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('lazySchema', () => {
  it('builds the schema only when something reads it, once', () => {
    let builds = 0;
    const Thing = lazySchema(() => {
      builds++;
      return z.object({ id: z.string(), count: z.int() });
    });
    expect(builds).toBe(0);
    const Holder = lazySchema(() => z.object({ thing: Thing, things: z.array(Thing) }));
    expect(builds).toBe(0);
    expect(Holder.parse({ thing: { id: 'a', count: 1 }, things: [] })).toEqual({
      thing: { id: 'a', count: 1 },
      things: [],
    });
    expect(builds).toBe(1);
    expect(Thing.safeParse({ id: 'a', count: 1.5 }).success).toBe(false);
    expect(Object.keys(Thing.shape)).toEqual(['id', 'count']);
    expect({ ...Thing.shape }).toHaveProperty('count');
    expect(builds).toBe(1);
  });

  it('keeps the built schema’s metadata for the JSON Schema of a schema that holds it', () => {
    const Described = lazySchema(() => z.string().check(z.describe('A described string.')));
    const Registered = lazySchema(() =>
      z.nullable(z.int()).register(z.globalRegistry, { description: 'A registered number.' }),
    );
    const json = z.toJSONSchema(z.object({ described: Described, registered: Registered })) as {
      properties: Record<string, { description?: string }>;
    };
    expect(json.properties.described?.description).toBe('A described string.');
    expect(json.properties.registered?.description).toBe('A registered number.');
  });

  it('is left out of a bundle that never reads it, as droppable schemas are', async () => {
    const source = [
      "import * as z from 'zod/mini';",
      "import { droppable, lazySchema } from './shared/records/lazy-schema.ts';",
      "export const Unused = /* @__PURE__ */ lazySchema(() => z.object({ marker: z.literal('lazy-unused') }));",
      'export const UnusedInput = /* @__PURE__ */ droppable(() => z.email().check(z.maxLength(11111)));',
      'export const Used = /* @__PURE__ */ droppable(() => z.string().check(z.maxLength(22222)));',
    ].join('\n');
    const out = await build({
      stdin: {
        contents: `import { Used } from './entry.ts';\nconsole.log(Used.parse('x'));`,
        resolveDir: ROOT,
        loader: 'ts',
      },
      plugins: [
        {
          name: 'entry',
          setup(b) {
            b.onResolve({ filter: /^\.\/entry\.ts$/ }, () => ({ path: join(ROOT, 'entry.ts'), namespace: 'entry' }));
            b.onLoad({ filter: /.*/, namespace: 'entry' }, () => ({
              contents: source,
              loader: 'ts',
              resolveDir: ROOT,
            }));
          },
        },
      ],
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      minify: true,
    });
    const text = out.outputFiles[0]!.text;
    expect(text).toContain('22222');
    expect(text).not.toContain('11111');
    expect(text).not.toContain('lazy-unused');
  });
});

describe('the entities’ nullable Number keys', () => {
  beforeAll(async () => {
    // Importing every module of the data layer makes every entity and projection.
    const files = readdirSync(join(ROOT, 'shared/db'), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
    for (const file of files) await import(pathToFileURL(join(ROOT, file)).href);
  });

  it('declares, for every entity and projection, exactly the Number index keys its schema allows as null', () => {
    expect(ENTITY_SHAPES.length).toBeGreaterThan(50);
    const mismatched = ENTITY_SHAPES.filter(
      (e) => nullableNumberKeys(e.schema).sort().join() !== [...e.nullableNumberKeys].sort().join(),
    );
    expect(
      mismatched.map(
        (e) => `${e.name}: declares [${e.nullableNumberKeys}], schema allows [${nullableNumberKeys(e.schema)}]`,
      ),
    ).toEqual([]);
    expect(ENTITY_SHAPES.filter((e) => e.nullableNumberKeys.length).map((e) => e.name)).toContain(
      'The metric snapshot',
    );
  });
});
