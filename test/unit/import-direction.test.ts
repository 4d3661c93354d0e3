/**
 * Layers point one way. Each arrow is "may import":
 *
 *   functions/         handlers and jobs, and THE route table (functions/routes.ts)
 *     -> shared/http     defineHandler, middleware, problems (RFC 9457), route types; with
 *                        shared/schemas, the zod input schemas (which throw invalid_input problems)
 *     -> shared/db       repositories: DynamoDB, S3 through shared/integrations; throw domain errors
 *     -> shared/domain   pure rules, types and typed errors: imports nothing of ours outside itself,
 *                        and no AWS SDK
 *   shared/support (the logger), shared/config, shared/integrations and shared/auth sit below
 *   http, beside db, which may use them.
 *
 * So: nothing under shared/ imports functions/; shared/db and shared/domain never import
 * shared/http (a repository throws a domain error, and shared/http/middleware/problem-responses.ts
 * alone maps it to a problem); shared/domain imports only shared/domain (and packages other than
 * the AWS SDK). This test parses the imports of every .ts file under shared/ and names each file
 * and import that breaks a rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The module specifiers a source imports or re-exports, static or dynamic (comments ignored). */
function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** Why `file` (repository-relative) may not import `specifier`, or undefined when it may. */
function ruleBroken(file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), specifier)) : undefined;
  if (target !== undefined && under(target, 'functions')) return 'nothing under shared/ imports functions/';
  const lower = under(file, 'shared/db') || under(file, 'shared/domain');
  if (lower && target !== undefined && under(target, 'shared/http')) return 'shared/db and shared/domain never import shared/http';
  if (under(file, 'shared/domain')) {
    if (specifier.startsWith('@aws-sdk/')) return 'shared/domain does not use the AWS SDK';
    if (target !== undefined && !under(target, 'shared/domain')) return 'shared/domain imports nothing of ours outside shared/domain';
  }
  return undefined;
}

/** Every broken rule among `files` (repository-relative path -> source), as readable lines. */
function violations(files: ReadonlyMap<string, string>): string[] {
  return [...files].flatMap(([file, source]) =>
    importsOf(source).flatMap((specifier) => {
      const rule = ruleBroken(file, specifier);
      return rule ? [`${file} imports '${specifier}': ${rule}`] : [];
    }),
  );
}

function sharedSources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.set(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(join(ROOT, 'shared'));
  return files;
}

describe('import direction', () => {
  it('holds for every .ts file under shared/', () => {
    const files = sharedSources();
    expect(files.size).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it('names the file and the import that break each rule', () => {
    const files = new Map([
      ['shared/db/notes.ts', "import { notFound } from '../http/problem.ts';\nimport { keys } from './keys.ts';"],
      ['shared/domain/members.ts', "import type { User } from '../db/users.ts';\nimport { pageOf } from './paging.ts';"],
      ['shared/domain/clock.ts', "import {\n  GetCommand,\n} from '@aws-sdk/lib-dynamodb';"],
      ['shared/http/handler.ts', "import { routeByKey } from '../../functions/routes.ts';\nimport { ok } from './result.ts';"],
      ['shared/db/users.ts', "export type { Route } from '../../functions/routes.ts';"],
      ['shared/schemas/lazy.ts', "const m = await import('../../functions/routes.ts');"],
    ]);
    expect(violations(files)).toEqual([
      "shared/db/notes.ts imports '../http/problem.ts': shared/db and shared/domain never import shared/http",
      "shared/domain/members.ts imports '../db/users.ts': shared/domain imports nothing of ours outside shared/domain",
      "shared/domain/clock.ts imports '@aws-sdk/lib-dynamodb': shared/domain does not use the AWS SDK",
      "shared/http/handler.ts imports '../../functions/routes.ts': nothing under shared/ imports functions/",
      "shared/db/users.ts imports '../../functions/routes.ts': nothing under shared/ imports functions/",
      "shared/schemas/lazy.ts imports '../../functions/routes.ts': nothing under shared/ imports functions/",
    ]);
  });

  it('allows the downward imports and ignores imports named in comments', () => {
    const files = new Map([
      ['shared/http/handler.ts', "import { getUser } from '../db/users.ts';\nimport { notFound } from '../domain/errors.ts';"],
      ['shared/db/files.ts', "import { logger } from '../support/logger.ts';\nimport { GetCommand } from '@aws-sdk/lib-dynamodb';"],
      ['shared/domain/dates.ts', "// import { x } from '../http/problem.ts';\n/* from '../../functions/routes.ts' */\nimport * as z from 'zod/mini';"],
    ]);
    expect(violations(files)).toEqual([]);
  });
});
