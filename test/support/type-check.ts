/**
 * Type-checks TypeScript that a document shows (the client's README examples, the getting-started
 * program) as another project would compile it: a directory of its own under test/output (inside
 * the repository, so that `@creator-measurement/client` resolves through its node_modules), strict
 * ES modules with the DOM's fetch, checked by the repository's tsc.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

/** `test/output/<name>/`, made if missing. */
export function outputDir(name: string): string {
  const dir = join(ROOT, 'test', 'output', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Writes `files` into `dir` with a tsconfig.json that compiles exactly them; `compilerOptions` adds
 * to (or overrides) the defaults. The tsconfig is also what tsx reads when it runs a file there.
 */
export function writeProject(
  dir: string,
  files: Record<string, string>,
  compilerOptions: Record<string, unknown> = {},
): void {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const defaults = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM'],
    types: [],
    strict: true,
    noEmit: true,
  };
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...defaults, ...compilerOptions }, files: Object.keys(files) }, null, 2),
  );
}

/** What tsc finds in the project `writeProject` wrote: '' when it type-checks. */
export async function typeCheck(dir: string): Promise<string> {
  const checked = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], {
    cwd: ROOT,
  }).catch((error: { stdout?: string; message: string }) => ({ stdout: error.stdout || error.message }));
  return checked.stdout;
}
