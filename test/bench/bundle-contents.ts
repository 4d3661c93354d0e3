/**
 * What a function bundle carries: builds it with the bench's (the stack's) esbuild options and
 * prints its inputs by bytes in the minified output, grouped by npm package and by our folders, so
 * a growing bundle can be traced to the import that grew it.
 *
 *   node test/bench/bundle-contents.ts functions/campaigns/delete [more entries…] [--top 40]
 *   node test/bench/bundle-contents.ts functions/campaigns/delete --why node_modules/stripe
 *
 *   node test/bench/bundle-contents.ts --largest 5     (sizes of the 5 largest function bundles)
 *
 * `--why <path fragment>` prints, for the first input whose path contains the fragment, the chain
 * of imports from the entry that pulls it in (shortest first).
 * Needs Node 24 (type stripping): the project's own `node_modules/.bin/node`, or `npx node`.
 */
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { routes } from '../../functions/routes.ts';
import { BUILD_OPTIONS } from '../../infra/build-bundles.ts';

const ROOT = join(import.meta.dirname, '../..');

function parseArgs(argv: string[]) {
  const entries: string[] = [];
  let top = 30;
  let why: string | undefined;
  let largest: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--top') top = Number(argv[++i]);
    else if (argv[i] === '--largest') largest = Number(argv[++i]);
    else if (argv[i] === '--why') why = argv[++i];
    else entries.push(argv[i]!.replace(/\.ts$/, ''));
  }
  if (entries.length === 0 && largest === undefined) {
    throw new Error('usage: bundle-contents.ts functions/<area>/<name>… [--top N] [--why fragment] | --largest N');
  }
  return { entries, top, why, largest };
}

/** The npm package of a node_modules path (scoped or not), or our top two folders. */
function groupOf(path: string): string {
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const [a, b] = path.slice(nm + 'node_modules/'.length).split('/');
    return a!.startsWith('@') ? `${a}/${b}` : a!;
  }
  return path.split('/').slice(0, 2).join('/');
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
}

/** Breadth-first from the entry: the shortest chain of imports reaching the first matching input. */
function whyIncluded(meta: Metafile, entry: string, fragment: string): string[] | undefined {
  const previous = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current.includes(fragment)) {
      const chain = [];
      for (let at: string | null = current; at !== null; at = previous.get(at)!) chain.unshift(at);
      return chain;
    }
    for (const imported of meta.inputs[current]?.imports ?? []) {
      if (imported.external || previous.has(imported.path)) continue;
      previous.set(imported.path, current);
      queue.push(imported.path);
    }
  }
  return undefined;
}

/** The bundle of one entry (`functions/<area>/<name>`), built in memory, and what went into it. */
async function analyse(name: string) {
  const result = await build({
    ...BUILD_OPTIONS,
    entryPoints: [join(ROOT, `${name}.ts`)],
    outfile: join(ROOT, '.bench/contents.mjs'),
    write: false,
    metafile: true,
  });
  const meta = result.metafile!;
  const [, output] = Object.entries(meta.outputs).find(([file]) => file.endsWith('.mjs'))!;
  return { meta, output };
}

const { entries, top, why, largest } = parseArgs(process.argv.slice(2));
if (largest !== undefined) {
  // Every function the bench measures (bundles.ts), largest first.
  const names = [...new Set(routes.map((route) => `functions/${route.handler}`)), 'functions/not-found'];
  const sizes = await Promise.all(names.map(async (name) => ({ name, bytes: (await analyse(name)).output.bytes })));
  for (const { name, bytes } of sizes.sort((a, b) => b.bytes - a.bytes).slice(0, largest))
    console.log(`${String(bytes).padStart(8)} bytes  ${kb(bytes)}  ${name}`);
}
for (const name of entries) {
  const { meta, output } = await analyse(name);
  const inputs = Object.entries(output.inputs).map(([path, { bytesInOutput }]) => ({ path, bytes: bytesInOutput }));
  const groups = new Map<string, number>();
  for (const { path, bytes } of inputs) groups.set(groupOf(path), (groups.get(groupOf(path)) ?? 0) + bytes);

  console.log(`\n${name}: ${kb(output.bytes)} (${output.bytes} bytes), ${inputs.length} inputs`);
  console.log('  by package / folder:');
  for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${kb(bytes)}  ${group}`);
  console.log('  largest inputs:');
  for (const { path, bytes } of inputs.sort((a, b) => b.bytes - a.bytes).slice(0, top))
    console.log(`  ${kb(bytes)}  ${path}`);
  if (why) {
    const entry = output.entryPoint!;
    const chain = whyIncluded(meta, entry, why);
    console.log(chain ? `  why ${why}:\n    ${chain.join('\n    -> ')}` : `  nothing matching ${why} is imported`);
  }
}
