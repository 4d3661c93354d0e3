/**
 * Which DynamoDB actions each function's code can send, derived from the code itself so that a
 * function is granted exactly what it uses (least privilege) and a new call can never be forgotten
 * in a hand-written list.
 *
 * How: one esbuild pass over every handler under `functions/`, with the two DynamoDB packages
 * replaced by stubs whose exports each carry a marker string, and every other package external.
 * esbuild's tree-shaking keeps a stub command class only if code the handler actually reaches
 * constructs it, so the markers left in a handler's output are the commands it can send. Replacing
 * the SDK keeps the pass to project code alone (a few seconds for all handlers, once per process);
 * bundling the real SDK would not only be slower but also wrong, since lib-dynamodb's paginators
 * keep ScanCommand in every bundle whether or not anything scans.
 *
 * The idempotency records (shared/db/idempotency) are analysed apart: every handler's chain holds
 * the middleware that writes them (a GET's never runs it), so in the handlers' pass the room is
 * left external, and the room alone is analysed for what the functions of the routes that take an
 * `Idempotency-Key` are granted on those records only (infra/route-function.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildSync } from 'esbuild';
import { BUNDLE_TARGET } from './bundling.ts';

const DYNAMODB_PACKAGES = ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'];
const MARKER = 'dynamodb-operation:';

/** The room analysed apart: its entry, and its files. */
const APART_ROOM = 'shared/db/idempotency/index.ts';
const APART_ROOM_FILES = 'shared/db/idempotency/*';

/** What each operation needs in IAM; lib-dynamodb and client names both listed. */
const ACTIONS: Record<string, string[]> = {
  Get: ['dynamodb:GetItem'],
  GetItem: ['dynamodb:GetItem'],
  Put: ['dynamodb:PutItem'],
  PutItem: ['dynamodb:PutItem'],
  Update: ['dynamodb:UpdateItem'],
  UpdateItem: ['dynamodb:UpdateItem'],
  Delete: ['dynamodb:DeleteItem'],
  DeleteItem: ['dynamodb:DeleteItem'],
  Query: ['dynamodb:Query'],
  Scan: ['dynamodb:Scan'],
  BatchGet: ['dynamodb:BatchGetItem'],
  BatchGetItem: ['dynamodb:BatchGetItem'],
  BatchWrite: ['dynamodb:BatchWriteItem'],
  BatchWriteItem: ['dynamodb:BatchWriteItem'],
  // Transactions have no action of their own: IAM checks each item's action. Which kinds a
  // transaction holds is decided at run time, so all of them.
  TransactGet: ['dynamodb:GetItem'],
  TransactGetItems: ['dynamodb:GetItem'],
  TransactWrite: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
  TransactWriteItems: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
};

/** Actions that change data: a function bound read-only must reach none of them. */
export const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** `GetCommand` -> Get, `paginateQuery` -> Query; anything else exported (clients, errors) sends nothing. */
function operationOf(name: string): string | undefined {
  // The aggregated clients expose every operation as a method: nothing could be derived.
  if (name === 'DynamoDBDocument' || name === 'DynamoDB') {
    throw new Error(`${name} (the aggregated client) hides which operations are sent; use the Command classes`);
  }
  return /^(\w+)Command$/.exec(name)?.[1] ?? /^paginate(\w+)$/.exec(name)?.[1];
}

/** IAM actions of the named operations; an operation nobody mapped yet fails the synth. */
export function iamActions(operations: Iterable<string>): string[] {
  const actions = new Set<string>();
  for (const operation of operations) {
    const mapped = ACTIONS[operation];
    if (!mapped) throw new Error(`No IAM mapping for DynamoDB operation ${operation}: add it to infra/table-access.ts`);
    for (const action of mapped) actions.add(action);
  }
  return [...actions].sort();
}

/** The value names `sources` import from modules whose specifier matches `from` (type-only imports are erased). */
function namesImported(sources: string[], from: string): Set<string> {
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"](${from})['"]`, 'g');
  for (const file of sources) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(pattern)) {
      for (const item of list!.split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** Every value name the project imports from the DynamoDB packages. */
function importedNames(sources: string[]): Map<string, Set<string>> {
  return new Map(DYNAMODB_PACKAGES.map((pkg) => [pkg, namesImported(sources, pkg.replace('/', '\\/'))]));
}

/** The DynamoDB packages replaced by stubs whose command classes carry the marker. */
function sdkStubs(dir: string, sources: string[]): Record<string, string> {
  const alias: Record<string, string> = {};
  for (const [pkg, names] of importedNames(sources)) {
    const file = join(dir, `${pkg.replace(/\W+/g, '-')}.js`);
    writeFileSync(
      file,
      [...names]
        .map((n) =>
          operationOf(n) ? `export class ${n} { op = "${MARKER}${operationOf(n)}"; }` : `export class ${n} {}`,
        )
        .join('\n'),
    );
    alias[pkg] = file;
  }
  return alias;
}

/** The operations marked in one esbuild output. */
const markedOperations = (text: string) =>
  new Set([...text.matchAll(new RegExp(`${MARKER}(\\w+)`, 'g'))].map((m) => m[1]!));

function typescriptFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/** A Lambda entry exports `handler`; the other modules under `functions/` are its helpers. */
const HANDLER_EXPORT = /^export (?:const|(?:async )?function) handler\b/m;

/**
 * DynamoDB operations each handler reaches, keyed by handler (`users/get`), for every module
 * under `functions/` that exports a handler: no list of entries to keep in step.
 */
export function analyzeOperations(root: string): Map<string, Set<string>> {
  const functionsDir = join(root, 'functions');
  const sources = typescriptFiles(functionsDir);
  const entries = sources.filter((file) => HANDLER_EXPORT.test(readFileSync(file, 'utf8')));
  const stubs = mkdtempSync(join(tmpdir(), 'dynamodb-stubs-'));
  try {
    const everySource = [...sources, ...typescriptFiles(join(root, 'shared'))];
    const result = buildSync({
      ...ANALYSIS_BUILD,
      entryPoints: Object.fromEntries(entries.map((file) => [relative(functionsDir, file).replace(/\.ts$/, ''), file])),
      outdir: join(stubs, 'out'),
      alias: sdkStubs(stubs, everySource),
      // Left an import: what the room reaches is not the handler's to be granted.
      external: [join(root, APART_ROOM_FILES)],
      absWorkingDir: root,
    });
    const operations = new Map<string, Set<string>>();
    for (const output of result.outputFiles) {
      const handler = relative(join(stubs, 'out'), output.path).replace(/\.js$/, '');
      operations.set(handler, markedOperations(output.text));
    }
    return operations;
  } finally {
    rmSync(stubs, { recursive: true, force: true });
  }
}

/** The esbuild options of both passes: bundled, every other package external, nothing written. */
const ANALYSIS_BUILD = {
  write: false,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: BUNDLE_TARGET,
  logLevel: 'error',
} as const;

/** DynamoDB operations the apart room's exports reach (every export of its entry is kept). */
export function analyzeApartRoom(root: string): Set<string> {
  const stubs = mkdtempSync(join(tmpdir(), 'dynamodb-stubs-'));
  try {
    const result = buildSync({
      ...ANALYSIS_BUILD,
      entryPoints: [join(root, APART_ROOM)],
      outdir: join(stubs, 'out'),
      alias: sdkStubs(stubs, typescriptFiles(join(root, 'shared'))),
      absWorkingDir: root,
    });
    return markedOperations(result.outputFiles.map((o) => o.text).join('\n'));
  } finally {
    rmSync(stubs, { recursive: true, force: true });
  }
}

let cached: { root: string; operations: Map<string, Set<string>> } | undefined;

/** IAM actions the handler's code needs on the table (empty: it never touches DynamoDB). Analyzed once per process. */
export function tableActions(root: string, handler: string): string[] {
  if (cached?.root !== root) cached = { root, operations: analyzeOperations(root) };
  const operations = cached.operations.get(handler);
  if (!operations) throw new Error(`No handler module functions/${handler}.ts to analyze`);
  return iamActions(operations);
}

let apartCached: { root: string; actions: string[] } | undefined;

/**
 * IAM actions the idempotency records' code needs (shared/db/idempotency), granted on those records'
 * partitions to the functions of the routes that take an `Idempotency-Key`. Analysed once per process.
 */
export function idempotencyActions(root: string): string[] {
  if (apartCached?.root !== root) apartCached = { root, actions: iamActions(analyzeApartRoom(root)) };
  return apartCached.actions;
}
