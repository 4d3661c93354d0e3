/**
 * Lambda runs without --enable-source-maps (infra/route-function.ts), so an unexpected error's
 * logged stack is mapped back to the sources when it is logged (shared/support/mapped-stack.ts):
 * here for a bundle built as the stack builds functions (minified, a source map beside it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUILD_OPTIONS } from '../../infra/build-bundles.ts';
import { mappedStack } from '../../shared/support/mapped-stack.ts';

const SOURCE = [
  'export function fail(reason: string): never {',
  '  throw new Error(reason);',
  '}',
  '',
  'export const handler = () => fail("boom");',
  '',
].join('\n');

describe('mappedStack', () => {
  it("gives a minified bundle's frames their source file, line and column", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapped-stack-'));
    writeFileSync(join(dir, 'thrower.ts'), SOURCE);
    const bundle = join(dir, 'out', 'index.mjs');
    await build({ ...BUILD_OPTIONS, entryPoints: [join(dir, 'thrower.ts')], outfile: bundle });
    // In a plain Node process, as Lambda runs it (vitest maps stacks itself).
    const script = [
      `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
      `const { mappedStack } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../shared/support/mapped-stack.ts')).href)});`,
      'try { handler(); } catch (error) { process.stdout.write(JSON.stringify({ stack: error.stack, mapped: mappedStack(error.stack) })); }',
    ].join('\n');
    const { stack, mapped: mappedText } = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as { stack: string; mapped: string };
    const [message, thrown, called] = stack.split('\n');
    // Minified: the bundle's own positions, all on its one line of code.
    expect([thrown, called]).toEqual([
      expect.stringMatching(/out\/index\.mjs:\d+:\d+\)?$/),
      expect.stringMatching(/out\/index\.mjs:\d+:\d+\)?$/),
    ]);

    const mapped = mappedText.split('\n');
    expect(mapped[0]).toBe(message);
    expect(mapped[1]).toMatch(/^\s+at \S+ \(thrower\.ts:2:9\)$/);
    expect(mapped[2]).toMatch(/^\s+at \S+ \(thrower\.ts:5:\d+\)$/);
    expect(mapped.length).toBe(stack.split('\n').length);
  });

  it('leaves a stack without a source map beside its file as it was, and nothing as nothing', () => {
    const stack =
      'Error: x\n    at run (file:///nowhere/index.mjs:1:20)\n    at file:///nowhere/other.js:3:4\n    at node:internal/process/task_queues:95:5';
    expect(mappedStack(stack)).toBe(stack);
    expect(mappedStack(undefined)).toBeUndefined();
  });
});
