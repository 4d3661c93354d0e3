/**
 * Layers point one way. Each arrow is "may import":
 *
 *   functions/         handlers and jobs, and THE route table (functions/routes.ts)
 *     -> shared/http     defineHandler, middleware, problems (RFC 9457), route types; with
 *                        shared/schemas, the zod input schemas (their checks throw the domain's invalid input)
 *     -> shared/db       repositories: DynamoDB, S3 through shared/integrations; throw domain errors.
 *                        Rooms by aggregate (shared/db/<room>/); code outside shared/db imports a room
 *                        only through its entry file, shared/db/<room>/index.ts
 *     -> shared/domain   pure rules, types and typed errors: imports nothing of ours outside itself,
 *                        and no AWS SDK
 *   shared/support (the logger), shared/config, shared/integrations and shared/auth sit below
 *   http, beside db, which may use them.
 *   shared/records, the record schemas (what the repositories return and the OpenAPI document
 *   shows), sits just above shared/domain: it imports only zod, shared/domain and itself, so that
 *   shared/db declares its entities with them and shared/schemas names them without reaching into
 *   shared/db; shared/schemas imports neither shared/db nor shared/http.
 *
 * Each integration is a port (shared/integrations/<port>/: port.ts, its interface and domain types;
 * cloud.ts and local.ts, its implementations; index.ts, get<Port>() and use<Port>()): handlers
 * (functions/), shared/db and shared/domain import an integration only through its index.ts or
 * port.ts, and never an integration's SDK (`stripe`, `oauth4webapi`, an AWS SDK client other than
 * DynamoDB's), nor its types.
 *
 * So: nothing under shared/ imports functions/; shared/db and shared/domain never import
 * shared/http (a repository throws a domain error, and shared/http/middleware/problem-responses.ts
 * alone maps it to a problem); shared/domain imports only shared/domain (and packages other than
 * the AWS SDK). This test parses the imports of every .ts file under shared/ and names each file
 * and import that breaks a rule.
 *
 * And no circles: among the files of shared/ and functions/, no file reaches itself through its
 * relative imports, and no folder of shared/ (shared/db, shared/http, ...) reaches itself through
 * another. Type-only imports count: they vanish from the bundle, but a cycle through them still
 * ties the files' meanings together (neither can be read, moved or tested without the other),
 * and the circles this test was written against ran through type imports as much as value ones.
 * Dynamic `import()` does not count: it is how a module loads another lazily, on purpose. The
 * parse is the regular expressions below, not a dependency (madge, dpdm): over shared/ and
 * functions/ they find exactly the imports TypeScript's own `preProcessFile` finds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The module specifiers a source imports or re-exports, static or dynamic (comments ignored). */
function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** A room's entry: code outside shared/db imports the data layer only through these. */
const ROOM_ENTRY = /^shared\/db\/[a-z-]+\/index\.ts$/;

/** A port's face: what code above shared/integrations may import of an integration. */
const PORT_FACE = /^shared\/integrations\/[a-z-]+\/(index|port)\.ts$/;

/** The SDKs integrations wrap: DynamoDB's packages are the data layer's own, not an integration. */
const INTEGRATION_SDK = /^(stripe|oauth4webapi)(\/|$)|^@aws-sdk\/(?!(client-dynamodb|lib-dynamodb|util-dynamodb)$)/;

/** Why `file` (repository-relative) may not import `specifier`, or undefined when it may. */
function ruleBroken(file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), specifier)) : undefined;
  if (under(file, 'shared') && target !== undefined && under(target, 'functions'))
    return 'nothing under shared/ imports functions/';
  const lower = under(file, 'shared/db') || under(file, 'shared/domain');
  if (lower && target !== undefined && under(target, 'shared/http'))
    return 'shared/db and shared/domain never import shared/http';
  if (
    under(file, 'shared/schemas') &&
    target !== undefined &&
    (under(target, 'shared/db') || under(target, 'shared/http'))
  ) {
    return 'shared/schemas imports neither shared/db nor shared/http (record schemas are in shared/records)';
  }
  if (under(file, 'shared/records')) {
    if (specifier.startsWith('@aws-sdk/')) return 'shared/records does not use the AWS SDK';
    if (target !== undefined && !under(target, 'shared/records') && !under(target, 'shared/domain'))
      return 'shared/records imports only shared/records and shared/domain';
  }
  if (under(file, 'shared/domain')) {
    if (specifier.startsWith('@aws-sdk/')) return 'shared/domain does not use the AWS SDK';
    if (target !== undefined && !under(target, 'shared/domain'))
      return 'shared/domain imports nothing of ours outside shared/domain';
  }
  const usesPorts = under(file, 'functions') || under(file, 'shared/db') || under(file, 'shared/domain');
  if (usesPorts && INTEGRATION_SDK.test(specifier))
    return 'handlers, shared/db and shared/domain use an integration through its port, never its SDK';
  if (usesPorts && target !== undefined && under(target, 'shared/integrations') && !PORT_FACE.test(target)) {
    return 'handlers, shared/db and shared/domain import an integration only through its port (shared/integrations/<port>/index.ts or port.ts)';
  }
  if (!under(file, 'shared/db') && target !== undefined && under(target, 'shared/db') && !ROOM_ENTRY.test(target)) {
    return 'outside shared/db, a room is imported only through its entry file (shared/db/<room>/index.ts)';
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

/** The relative files `file` imports statically (`import`, `export ... from`, type-only included), as repository paths. */
function staticImportsOf(file: string, source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [/\b(?:import|export)\s[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]/g, /\bimport\s*['"](\.[^'"]+)['"]/g];
  return patterns.flatMap((pattern) =>
    [...code.matchAll(pattern)].map((match) => posix.normalize(posix.join(posix.dirname(file), match[1]!))),
  );
}

/**
 * The circles of a graph (node -> the nodes it imports): one per strongly connected component of
 * more than one node (Tarjan), written as its shortest loop from its first node in order, `a -> b -> a`.
 */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, low.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component = stack.splice(stack.indexOf(node));
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => {
    // Breadth first from the component's first node back to itself, within the component.
    const start = component[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
      for (const next of graph.get(node) ?? []) {
        if (!component.includes(next) || cameFrom.has(next)) continue;
        cameFrom.set(next, node);
        if (next === start) queue.length = 0;
        else queue.push(next);
      }
    }
    const loop: string[] = [];
    for (let node = cameFrom.get(start)!; node !== start; node = cameFrom.get(node)!) loop.unshift(node);
    return [start, ...loop, start].join(' -> ');
  });
}

/** The folder a file belongs to for the folder-level check: `shared/<folder>`, or `functions`. */
const folderOf = (file: string) => (under(file, 'functions') ? 'functions' : file.split('/').slice(0, 2).join('/'));

/** Every circle among `files` (repository-relative path -> source): between files, then between folders. */
function importCircles(files: ReadonlyMap<string, string>): string[] {
  const fileGraph = new Map(
    [...files].map(([file, source]) => [file, staticImportsOf(file, source).filter((target) => files.has(target))]),
  );
  const folderGraph = new Map<string, Set<string>>();
  for (const [file, targets] of fileGraph) {
    const from = folderGraph.get(folderOf(file)) ?? folderGraph.set(folderOf(file), new Set()).get(folderOf(file))!;
    for (const target of targets) if (folderOf(target) !== folderOf(file)) from.add(folderOf(target));
  }
  return [
    ...circles(fileGraph),
    ...circles(new Map([...folderGraph].map(([folder, targets]) => [folder, [...targets]]))),
  ];
}

/** Every .ts file under the given folders: repository-relative path -> source. */
function sources(...folders: string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        files.set(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  for (const folder of folders) walk(join(ROOT, folder));
  return files;
}

describe('import direction', () => {
  it('holds for every .ts file under shared/ and functions/', () => {
    const files = sources('shared', 'functions');
    expect(files.size).toBeGreaterThan(300);
    expect(violations(files)).toEqual([]);
  });

  it('names the file and the import that break each rule', () => {
    const files = new Map([
      ['shared/db/notes.ts', "import { notFound } from '../http/problem.ts';\nimport { keys } from './keys.ts';"],
      [
        'shared/domain/members.ts',
        "import type { User } from '../db/users.ts';\nimport { pageOf } from './paging.ts';",
      ],
      ['shared/domain/clock.ts', "import {\n  GetCommand,\n} from '@aws-sdk/lib-dynamodb';"],
      [
        'shared/http/handler.ts',
        "import { routeByKey } from '../../functions/routes.ts';\nimport { ok } from './result.ts';",
      ],
      ['shared/db/users.ts', "export type { Route } from '../../functions/routes.ts';"],
      ['shared/schemas/lazy.ts', "const m = await import('../../functions/routes.ts');"],
      [
        'shared/schemas/records/note.ts',
        "import { NoteSchema } from '../../db/notes.ts';\nimport { named } from './reply.ts';",
      ],
      ['shared/schemas/money.ts', "import { invalidInput } from '../http/problem.ts';"],
      [
        'shared/records/note.ts',
        "import { keys } from '../db/keys.ts';\nimport { ROLES } from '../domain/roles.ts';\nimport { stored } from './fields.ts';",
      ],
      [
        'functions/notes/get.ts',
        "import { getNote } from '../../shared/db/evidence/notes.ts';\nimport { listNotes } from '../../shared/db/evidence/index.ts';",
      ],
      [
        'functions/billing/portal-session.ts',
        "import Stripe from 'stripe';\nimport * as billing from '../../shared/integrations/billing/index.ts';",
      ],
      [
        'functions/billing/webhook.ts',
        "import type Stripe from 'stripe';\nimport { WebhookSignatureError } from '../../shared/integrations/billing/port.ts';",
      ],
      ['shared/db/billing/end.ts', "import { stripeBilling } from '../../integrations/billing/cloud.ts';"],
      [
        'shared/db/files.ts',
        "import { S3Client } from '@aws-sdk/client-s3';\nimport { GetCommand } from '@aws-sdk/lib-dynamodb';",
      ],
      ['shared/domain/sealed.ts', "import { KMSClient } from '@aws-sdk/client-kms';"],
      ['functions/analytics/auth-url.ts', "import * as oauth from 'oauth4webapi';"],
    ]);
    expect(violations(files)).toEqual([
      "shared/db/notes.ts imports '../http/problem.ts': shared/db and shared/domain never import shared/http",
      "shared/domain/members.ts imports '../db/users.ts': shared/domain imports nothing of ours outside shared/domain",
      "shared/domain/clock.ts imports '@aws-sdk/lib-dynamodb': shared/domain does not use the AWS SDK",
      "shared/http/handler.ts imports '../../functions/routes.ts': nothing under shared/ imports functions/",
      "shared/db/users.ts imports '../../functions/routes.ts': nothing under shared/ imports functions/",
      "shared/schemas/lazy.ts imports '../../functions/routes.ts': nothing under shared/ imports functions/",
      "shared/schemas/records/note.ts imports '../../db/notes.ts': shared/schemas imports neither shared/db nor shared/http (record schemas are in shared/records)",
      "shared/schemas/money.ts imports '../http/problem.ts': shared/schemas imports neither shared/db nor shared/http (record schemas are in shared/records)",
      "shared/records/note.ts imports '../db/keys.ts': shared/records imports only shared/records and shared/domain",
      "functions/notes/get.ts imports '../../shared/db/evidence/notes.ts': outside shared/db, a room is imported only through its entry file (shared/db/<room>/index.ts)",
      "functions/billing/portal-session.ts imports 'stripe': handlers, shared/db and shared/domain use an integration through its port, never its SDK",
      "functions/billing/webhook.ts imports 'stripe': handlers, shared/db and shared/domain use an integration through its port, never its SDK",
      "shared/db/billing/end.ts imports '../../integrations/billing/cloud.ts': handlers, shared/db and shared/domain import an integration only through its port (shared/integrations/<port>/index.ts or port.ts)",
      "shared/db/files.ts imports '@aws-sdk/client-s3': handlers, shared/db and shared/domain use an integration through its port, never its SDK",
      "shared/domain/sealed.ts imports '@aws-sdk/client-kms': shared/domain does not use the AWS SDK",
      "functions/analytics/auth-url.ts imports 'oauth4webapi': handlers, shared/db and shared/domain use an integration through its port, never its SDK",
    ]);
  });

  it('allows the downward imports and ignores imports named in comments', () => {
    const files = new Map([
      [
        'shared/http/handler.ts',
        "import { getUser } from '../db/tenancy/index.ts';\nimport { notFound } from '../domain/errors.ts';",
      ],
      [
        'shared/db/files.ts',
        "import { logger } from '../support/logger.ts';\nimport { GetCommand } from '@aws-sdk/lib-dynamodb';",
      ],
      [
        'shared/domain/dates.ts',
        "// import { x } from '../http/problem.ts';\n/* from '../../functions/routes.ts' */\nimport * as z from 'zod/mini';",
      ],
      [
        'functions/billing/webhook.ts',
        "import * as billing from '../../shared/integrations/billing/index.ts';\nimport type { BillingEvent } from '../../shared/integrations/billing/port.ts';",
      ],
      [
        'shared/db/billing/end.ts',
        "import * as billing from '../../integrations/billing/index.ts';\nimport type { AttributeValue } from '@aws-sdk/client-dynamodb';",
      ],
      [
        'shared/integrations/billing/cloud.ts',
        "import Stripe from 'stripe';\nimport { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';",
      ],
    ]);
    expect(violations(files)).toEqual([]);
  });
});

describe('no circles', () => {
  it('holds between the files of shared/ and functions/, and between the folders of shared/', () => {
    const files = sources('shared', 'functions');
    expect(files.size).toBeGreaterThan(300);
    expect(importCircles(files)).toEqual([]);
  });

  it('names one loop per circle, type-only imports included and dynamic ones not', () => {
    const files = new Map([
      ['shared/db/a.ts', "import { b } from './b.ts';\nconst lazy = () => import('./d.ts');"],
      ['shared/db/b.ts', "import type { C } from './c.ts';"],
      ['shared/db/c.ts', "export { a } from './a.ts';\n// import { d } from './d.ts';"],
      ['shared/db/d.ts', "import { a } from './a.ts';"],
      ['shared/db/e.ts', "import { type F } from './f.ts';"],
      ['shared/db/f.ts', "import { e } from './e.ts';\nimport { x } from 'zod';"],
    ]);
    expect(importCircles(files)).toEqual([
      'shared/db/a.ts -> shared/db/b.ts -> shared/db/c.ts -> shared/db/a.ts',
      'shared/db/e.ts -> shared/db/f.ts -> shared/db/e.ts',
    ]);
  });

  it('names a circle between folders even when no file circles', () => {
    const files = new Map([
      ['shared/db/files.ts', "import { putObject } from '../integrations/storage.ts';"],
      ['shared/integrations/storage.ts', "import { s3 } from './s3.ts';"],
      ['shared/integrations/billing-end.ts', "import { getBillingAccount } from '../db/billing.ts';"],
      ['shared/db/billing.ts', "import { keys } from './keys.ts';"],
      ['functions/users/get.ts', "import { getUser } from '../../shared/db/users.ts';"],
    ]);
    expect(importCircles(files)).toEqual(['shared/db -> shared/integrations -> shared/db']);
  });
});

/**
 * The rooms of shared/db, lowest first: a room may import the rooms below it. `table` is the ground
 * floor (the single table's machinery), `idempotency` (the Idempotency-Key records) and `rates` (the ECB's publications) stand on it alone, `exports` sits above `tenancy` (starting one counts
 * against the tenant's limits, rate-limits.ts), `reports` reads what the write rooms store, and
 * `maintenance` (`npm run reindex`) rewrites items of every room, so both sit on top.
 */
const ROOM_ORDER = [
  'table',
  'idempotency',
  'rates',
  'storage',
  'email',
  'analytics',
  'tenancy',
  'exports',
  'evidence',
  'metrics',
  'catalogue',
  'campaigns',
  'billing',
  'webhooks',
  'report-links',
  'demo',
  'reports',
  'maintenance',
];

/**
 * The imports that still run against that order, room to room, each with its reason. They close
 * loops between the rooms an activity's standing is written from (catalogue, metrics, campaigns)
 * and will go when one room owns what an activity contributes. The list may shrink, never grow:
 * a new import against the order fails, and so does an entry here that no longer happens.
 */
const AGAINST_ORDER: Record<string, string> = {
  'tenancy -> catalogue': 'a currency change rewrites the creators’ spend order',
  'evidence -> campaigns': 'an outcome measurement checks its campaign exists and feeds its totals',
  'metrics -> catalogue':
    'a reading updates its activity’s standing: the activity entity, cost rollups, creator links, social accounts',
  'catalogue -> campaigns': 'an activity’s campaign links move its standing between campaigns',
};

/** Every room-to-room import that runs against ROOM_ORDER, as `from -> to` (a room not in the order counts as against it). */
function againstOrder(files: ReadonlyMap<string, string>): string[] {
  const roomOf = (file: string) => (under(file, 'shared/db') ? file.split('/')[2] : undefined);
  // -1 for a room the order does not know.
  const rank = (room: string) => ROOM_ORDER.indexOf(room);
  const edges = new Set<string>();
  for (const [file, source] of files) {
    const from = roomOf(file);
    if (from === undefined || !file.slice('shared/db/'.length).includes('/')) continue;
    for (const target of staticImportsOf(file, source)) {
      const to = roomOf(target);
      if (to === undefined || to === from || !target.slice('shared/db/'.length).includes('/')) continue;
      if (rank(from) < 0 || rank(to) < 0 || rank(to) > rank(from)) edges.add(`${from} -> ${to}`);
    }
  }
  return [...edges].sort();
}

describe('the rooms of shared/db', () => {
  it('import only the rooms below them, but for the named imports against the order', () => {
    expect(againstOrder(sources('shared/db'))).toEqual(Object.keys(AGAINST_ORDER).sort());
  });

  it('names an import up the order, and a room the order does not know', () => {
    const files = new Map([
      [
        'shared/db/table/reindex.ts',
        "import { Costs } from '../catalogue/costs.ts';\nimport { keys } from './keys.ts';",
      ],
      [
        'shared/db/catalogue/costs.ts',
        "import { tenant } from '../tenancy/tenants.ts';\nimport { put } from '../table/operations.ts';",
      ],
      ['shared/db/ledger/moves.ts', "import { put } from '../table/operations.ts';"],
    ]);
    expect(againstOrder(files)).toEqual(['ledger -> table', 'table -> catalogue']);
  });
});
