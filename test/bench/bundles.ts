/**
 * Builds every function bundle with the stack's esbuild options (infra/build-bundles.ts), plus
 * references built in the same run: an empty handler, a bundle holding only the DynamoDB document
 * client (what any DynamoDB function pays), one holding only the S3 client, and the floors: DESIGN.md's
 * libraries for one authenticated JSON route with none of our code, alone and with each set of other
 * clients (S3, SQS, KMS, Secrets Manager, Stripe) a function carries. Reports each bundle's minified
 * size, the time to import it in a fresh Node process (a stand-in for Lambda init), the clients it
 * carries; and each function's import time and bytes as ratios to the DynamoDB reference, its import
 * timed run by run alternately with the reference's so that machine noise hits both alike. A function
 * over issue 25's 1.25x is timed again, round-robin with the reference and its floor, and the summary
 * says why it is over: one run's noise, its floor (the clients it carries), or our code.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { routes } from '../../functions/routes.ts';
import { buildFunctionBundles } from '../../infra/build-bundles.ts';
import { quantile, summarize } from './stats.ts';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, '.bench/bundles');
/** Where a run leaves a bundle (its name made a folder name: `functions/activities/get` → `functions-activities-get`). */
const dirOf = (name: string) => name.replace(/[^a-z0-9]+/gi, '-');
export const builtBundle = (name: string) => join(OUT, dirOf(name), 'index.mjs');
/**
 * Imports of each function, each beside one of the reference: with 9, one run's ratio for the
 * chosen-libraries floor ranged 1.0-1.22 over three runs (a function's ratio moves by about 0.1 from
 * run to run), so the maximum over 131 functions was mostly noise; 15 narrow that spread by about a
 * quarter (the square root of 9/15), at ~2 minutes more.
 */
const IMPORT_RUNS = 15;
/** The DynamoDB-client-only reference: every ratio is to it. */
export const DYNAMO_REFERENCE = 'reference: DynamoDB document client only';

/** Issue 25's targets, against the DynamoDB reference. */
export const COLD_START_TARGETS = {
  /** The median function's import time / the reference's. */
  importRatioMedian: 1.15,
  /** Every function's import time / the reference's. */
  importRatioEach: 1.25,
  /** The median function's bytes / the reference's. */
  bytesRatioMedian: 1.2,
  largestBundleBytes: 400 * 1024,
};
/**
 * The floor under the targets: DESIGN.md's libraries for one authenticated JSON route with none of
 * our code. A target below a function's floor (this one, with the other clients the function carries:
 * `floorOf`) cannot be met by that function built on those libraries.
 */
export const CHOSEN_LIBRARIES = 'reference: chosen libraries only';

/**
 * The clients a function may carry besides the DynamoDB one, each with one reference use of it
 * (references/clients/<name>.ts) that the floors under such functions are made of.
 */
const OTHER_CLIENTS: Record<string, string> = {
  '@aws-sdk/client-s3': 's3',
  '@aws-sdk/client-sqs': 'sqs',
  '@aws-sdk/client-kms': 'kms',
  '@aws-sdk/client-secrets-manager': 'secrets-manager',
  stripe: 'stripe',
};
/** A client package among a bundle's inputs. */
const CLIENT_PACKAGE = /node_modules\/(@aws-sdk\/client-[^/]+|stripe)\//;

const FLOOR_WITH_CLIENTS = 'reference: chosen libraries + ';
/** The floor under a function carrying these other clients (sorted names of OTHER_CLIENTS). */
export const floorOf = (clients: readonly string[]) => (clients.length ? `${FLOOR_WITH_CLIENTS}${clients.join(' + ')}` : CHOSEN_LIBRARIES);

/** Rounds of the second timing of a function over 1.25x, round-robin with the reference and its floor. */
const RETIME_ROUNDS = 31;

/** Runs of the side-by-side comparison of the heaviest bundle with the DynamoDB reference. */
const COMPARISON_RUNS = 40;

const REFERENCES = {
  'reference: empty handler': join(import.meta.dirname, 'references/empty-handler.ts'),
  'reference: DynamoDB document client only': join(import.meta.dirname, 'references/dynamodb-client-only.ts'),
  'reference: S3 client only': join(import.meta.dirname, 'references/s3-client-only.ts'),
  'reference: observability only': join(import.meta.dirname, 'references/observability-only.ts'),
  [CHOSEN_LIBRARIES]: join(import.meta.dirname, 'references/chosen-libraries-only.ts'),
};

/**
 * The observability code in a bundle (issue 24): Powertools Metrics, our emitter, tally, job wrapper,
 * metric catalogue and the request middleware that uses them.
 */
const OBSERVABILITY = /node_modules\/@aws-lambda-powertools\/|shared\/support\/(metrics|invocation|job|metric-catalogue)\.ts$|shared\/http\/middleware\/observe\.ts$/;

/** What a bundle's metafile output kept (an input with bytes in it: the top-level inputs also list what tree-shaking dropped), with its bytes. */
function keptInputs(output: Metafile['outputs'][string]): [string, number][] {
  return Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path, input]) => [path, input.bytesInOutput]);
}

/** Milliseconds to import the bundle in a new Node process (the process start itself excluded). */
export function importTime(file: string): number {
  return inFreshNode(`const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`);
}

/** The number a module script prints, run in a new Node process (with `nodeArgs` before it). */
function inFreshNode(script: string, nodeArgs: string[] = []): number {
  return Number(execFileSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], { encoding: 'utf8' }));
}

/**
 * How many zod objects (schemas and their checks) importing the bundle builds: at about 35 µs each
 * the part of a function's import that is our own code (issue 25; the chosen-libraries floor builds 7).
 */
function schemasBuiltAtImport(file: string): number {
  return inFreshNode(`await import(${JSON.stringify(pathToFileURL(file).href)});`, ['--no-warnings', '--import', pathToFileURL(join(import.meta.dirname, 'count-schemas.mjs')).href]);
}

/**
 * The heaviest bundle (by size) against the DynamoDB-client-only reference, alternating run by run
 * so that machine noise hits both alike: the figure the 1.15x expectation is read against.
 */
export function compareWithReference(heaviest: string, reference: string) {
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < COMPARISON_RUNS; i++) {
    ours.push(importTime(heaviest));
    theirs.push(importTime(reference));
  }
  const a = summarize(ours);
  const b = summarize(theirs);
  return { heaviest: a, reference: b, ratio: Math.round((a.median / b.median) * 100) / 100 };
}

/** The clients other than DynamoDB's among a bundle's kept inputs, by their OTHER_CLIENTS names. */
function otherClients(kept: [string, number][]): string[] {
  const packages = new Set(kept.flatMap(([path]) => path.match(CLIENT_PACKAGE)?.[1] ?? []));
  packages.delete('@aws-sdk/client-dynamodb');
  const unknown = [...packages].filter((name) => !(name in OTHER_CLIENTS));
  if (unknown.length) throw new Error(`No floor for a function carrying ${unknown.join(', ')}: add a use of it to test/bench/references/clients and OTHER_CLIENTS`);
  return [...packages].map((name) => OTHER_CLIENTS[name]!).sort();
}

/** The entry module of the floor under functions carrying `clients` (written into the bench's folder: it is made of the reference uses). */
function writeFloorEntry(clients: readonly string[]): string {
  const file = join(OUT, 'floor-entries', `${dirOf(floorOf(clients))}.mjs`);
  mkdirSync(dirname(file), { recursive: true });
  const reference = (path: string) => JSON.stringify(join(import.meta.dirname, 'references', path));
  writeFileSync(
    file,
    [
      `import { handler as floor } from ${reference('chosen-libraries-only.ts')};`,
      ...clients.map((client, i) => `import { use as use${i} } from ${reference(`clients/${client}.ts`)};`),
      `export const handler = async (event, context) => { ${clients.map((_, i) => `await use${i}();`).join(' ')} return floor(event, context); };`,
      '',
    ].join('\n'),
  );
  return file;
}

export async function measureBundles() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const entries: Record<string, string> = { ...REFERENCES };
  for (const route of routes) entries[`functions/${route.handler}`] ??= join(ROOT, 'functions', `${route.handler}.ts`);
  entries['functions/not-found'] = join(ROOT, 'functions/not-found.ts');

  // One esbuild call for all of them, as the built-bundle test builds (infra/build-bundles.ts).
  const assets = Object.fromEntries(Object.entries(entries).map(([name, entry]) => [dirOf(name), { entry }]));
  const { files, metafile } = await buildFunctionBundles(assets, OUT, { root: ROOT, overrides: { metafile: true } });
  const built = Object.keys(entries).map((name) => {
    const file = files[dirOf(name)]!;
    const kept = keptInputs(metafile!.outputs[relative(ROOT, file)]!);
    return { name, file, kept, clients: otherClients(kept) };
  });
  // Then the floor under each set of other clients the functions carry.
  const floors = new Map(built.filter((b) => b.clients.length).map((b) => [floorOf(b.clients), b.clients]));
  const floorAssets = Object.fromEntries([...floors].map(([name, clients]) => [dirOf(name), { entry: writeFloorEntry(clients) }]));
  const floorBuild = await buildFunctionBundles(floorAssets, OUT, { root: ROOT, overrides: { metafile: true } });
  for (const [name, clients] of floors) {
    const file = floorBuild.files[dirOf(name)]!;
    built.push({ name, file, kept: keptInputs(floorBuild.metafile!.outputs[relative(ROOT, file)]!), clients });
  }

  const reference = files[dirOf(DYNAMO_REFERENCE)]!;
  const referenceBytes = statSync(reference).size;
  const results = [];
  for (const { name, file, kept, clients } of built) {
    // Run by run with the reference: the ratio of the two medians is what noise hits alike.
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < IMPORT_RUNS; i++) {
      ours.push(importTime(file));
      if (file !== reference) theirs.push(importTime(reference));
    }
    const times = summarize(ours);
    const importRatio = file === reference ? 1 : Math.round((times.median / summarize(theirs).median) * 100) / 100;
    const bytes = statSync(file).size;
    const observabilityBytes = kept.filter(([path]) => OBSERVABILITY.test(path)).reduce((sum, [, bytes]) => sum + bytes, 0);
    results.push({
      name,
      file,
      bytes,
      bytesRatio: Math.round((bytes / referenceBytes) * 100) / 100,
      importMs: times,
      importRatio,
      /** The import ratio timed again (RETIME_ROUNDS), for a function over 1.25x and the floors under them: `retimeOverTarget`. */
      retimedImportRatio: undefined as number | undefined,
      schemasAtImport: schemasBuiltAtImport(file),
      clients,
      floor: name.startsWith('reference') ? undefined : floorOf(clients),
      observabilityBytes,
    });
  }
  return results;
}

export type MeasuredBundle = Awaited<ReturnType<typeof measureBundles>>[number];

/**
 * Times again each function whose import ratio one run read over 1.25x, RETIME_ROUNDS rounds
 * round-robin with the DynamoDB reference and its floor (one import of each per round, so that the
 * machine's drift hits all alike), and the chosen-libraries floor even when none of its functions
 * is over; sets `retimedImportRatio` on them. With 15 runs a function's ratio moves by about 0.1
 * from run to run on this machine, so one read over 1.25 may be noise; a floor over 1.25 is the
 * clients the function carries, not our code.
 */
export function retimeOverTarget(bundles: MeasuredBundle[]): void {
  const byName = new Map(bundles.map((b) => [b.name, b]));
  const groups = new Map<string, MeasuredBundle[]>([[CHOSEN_LIBRARIES, []]]);
  for (const b of bundles) {
    if (b.floor && b.importRatio > COLD_START_TARGETS.importRatioEach) groups.set(b.floor, [...(groups.get(b.floor) ?? []), b]);
  }
  for (const [floor, over] of groups) {
    const timed = [byName.get(DYNAMO_REFERENCE)!, byName.get(floor)!, ...over];
    const times = timed.map(() => [] as number[]);
    for (let round = 0; round < RETIME_ROUNDS; round++) timed.forEach((b, i) => times[i]!.push(importTime(b.file)));
    const medians = times.map((t) => summarize(t).median);
    timed.forEach((b, i) => {
      if (i > 0) b.retimedImportRatio = Math.round((medians[i]! / medians[0]!) * 100) / 100;
    });
  }
}

/** What the S3 client costs the functions that write objects themselves (issue 23 item 12): their bundles and import times, beside the client alone. */
export function s3Writers(bundles: MeasuredBundle[]) {
  const reference = bundles.find((b) => b.name === 'reference: S3 client only')!;
  return {
    referenceKb: Math.round(reference.bytes / 1024),
    referenceImportMedianMs: reference.importMs.median,
    functions: bundles.filter((b) => b.clients.includes('s3') && !b.name.startsWith('reference')).map((b) => ({ name: b.name, kb: Math.round(b.bytes / 1024), importMedianMs: b.importMs.median })),
  };
}

export function printS3Writers(writers: ReturnType<typeof s3Writers>): void {
  console.log(`\nFunctions bundling the S3 client (they write objects themselves; the S3 client alone: ${writers.referenceKb} KB, import ${writers.referenceImportMedianMs} ms)`);
  for (const f of writers.functions) console.log(`  ${f.name.padEnd(48)} ${String(f.kb).padStart(5)} KB  ${f.importMedianMs.toFixed(1).padStart(6)} ms`);
}

/**
 * What observability costs each function (issue 24): the bytes of its observability code in the
 * bundle (metafile), and the import time of that code alone (the reference, less the empty handler).
 */
export function observabilityCost(bundles: MeasuredBundle[]) {
  const reference = bundles.find((b) => b.name === 'reference: observability only')!;
  const empty = bundles.find((b) => b.name === 'reference: empty handler')!;
  const functions = bundles.filter((b) => !b.name.startsWith('reference')).map((b) => ({ name: b.name, observabilityKb: Math.round((b.observabilityBytes / 1024) * 10) / 10, shareOfBundle: Math.round((b.observabilityBytes / b.bytes) * 1000) / 1000 }));
  return {
    aloneKb: Math.round((reference.bytes / 1024) * 10) / 10,
    aloneImportMedianMs: reference.importMs.median,
    emptyHandlerImportMedianMs: empty.importMs.median,
    addedImportMedianMs: Math.round((reference.importMs.median - empty.importMs.median) * 100) / 100,
    maxPerFunctionKb: Math.max(...functions.map((f) => f.observabilityKb)),
    functions,
  };
}

export function printObservabilityCost(cost: ReturnType<typeof observabilityCost>): void {
  console.log(`\nObservability (Powertools Metrics, emitter, tally, job wrapper, observe): ${cost.aloneKb} KB alone, import ${cost.aloneImportMedianMs} ms (empty handler ${cost.emptyHandlerImportMedianMs} ms: +${cost.addedImportMedianMs} ms); at most ${cost.maxPerFunctionKb} KB in a function`);
  for (const f of [...cost.functions].sort((a, b) => b.observabilityKb - a.observabilityKb).slice(0, 5)) console.log(`  ${f.name.padEnd(48)} ${String(f.observabilityKb).padStart(5)} KB  ${(f.shareOfBundle * 100).toFixed(1).padStart(5)} % of its bundle`);
}

/**
 * Why a function one run read over the import target is over it: `noise` when timed again it is
 * not; `floor` when its floor (the chosen libraries with the clients it carries, no code of ours),
 * timed in the same rounds, is over the target too, so no function carrying those clients meets it;
 * else `ours`, our code's doing.
 */
export function whyOverImport(retimedRatio: number, floorRetimedRatio: number, target: number): 'noise' | 'floor' | 'ours' {
  if (retimedRatio <= target) return 'noise';
  return floorRetimedRatio > target ? 'floor' : 'ours';
}

/**
 * Issue 25's targets read off the bundles: the import ratio's median, p90 and maximum over the
 * functions, the median and largest bundle, and which functions are over a target, by how much and
 * why (after `retimeOverTarget`).
 */
export function coldStartTargets(bundles: MeasuredBundle[]) {
  const reference = bundles.find((b) => b.name === DYNAMO_REFERENCE)!;
  const byName = new Map(bundles.map((b) => [b.name, b]));
  const functions = bundles.filter((b) => !b.name.startsWith('reference'));
  const ratios = functions.map((f) => f.importRatio).sort((a, b) => a - b);
  const sizes = functions.map((f) => f.bytes).sort((a, b) => a - b);
  const medianBytes = quantile(sizes, 0.5);
  const largest = functions.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const t = COLD_START_TARGETS;
  const floorFigures = (b: MeasuredBundle) => ({ name: b.name, clients: b.clients, kb: Math.round(b.bytes / 1024), bytesRatio: b.bytesRatio, importRatio: b.importRatio, retimedImportRatio: b.retimedImportRatio });
  const floors = bundles.filter((b) => b.name === CHOSEN_LIBRARIES || b.name.startsWith(FLOOR_WITH_CLIENTS));
  const overImport = functions
    .filter((f) => f.importRatio > t.importRatioEach)
    .sort((a, b) => b.importRatio - a.importRatio)
    .map((f) => {
      const floor = byName.get(f.floor!)!;
      const retimed = f.retimedImportRatio!;
      const floorRatio = floor.retimedImportRatio!;
      return { name: f.name, ratio: f.importRatio, retimedRatio: retimed, floor: floor.name, floorRatio, overFloor: Math.round((retimed - floorRatio) * 100) / 100, why: whyOverImport(retimed, floorRatio, t.importRatioEach) };
    });
  const overBytes = functions
    .filter((f) => f.bytes > t.largestBundleBytes)
    .sort((a, b) => b.bytes - a.bytes)
    .map((f) => {
      const floor = byName.get(f.floor!)!;
      return { name: f.name, kb: Math.round(f.bytes / 1024), overKb: Math.round((f.bytes - t.largestBundleBytes) / 1024), floor: floor.name, floorKb: Math.round(floor.bytes / 1024), why: floor.bytes > t.largestBundleBytes ? ('floor' as const) : ('ours' as const) };
    });
  const chosen = byName.get(CHOSEN_LIBRARIES)!;
  return {
    targets: t,
    reference: { kb: Math.round(reference.bytes / 1024), importMedianMs: reference.importMs.median },
    /**
     * The floors (no code of ours): the chosen libraries alone, and with each set of other clients
     * functions carry; `retimedImportRatio` from the second, closer timing (RETIME_ROUNDS rounds).
     */
    floors: floors.map(floorFigures),
    importRatio: { median: quantile(ratios, 0.5), p90: quantile(ratios, 0.9), max: ratios.at(-1)!, medianMet: quantile(ratios, 0.5) <= t.importRatioMedian, floorRetimed: chosen.retimedImportRatio },
    /** Zod objects built at import (what our own code spends there): the functions' median and most, and the floor's. */
    schemasAtImport: {
      median: quantile(functions.map((f) => f.schemasAtImport).sort((a, b) => a - b), 0.5),
      max: Math.max(...functions.map((f) => f.schemasAtImport)),
      floor: chosen.schemasAtImport,
    },
    medianBundle: { kb: Math.round(medianBytes / 1024), ratio: Math.round((medianBytes / reference.bytes) * 100) / 100, met: medianBytes / reference.bytes <= t.bytesRatioMedian, floorRatio: chosen.bytesRatio },
    largestBundle: { name: largest.name, kb: Math.round(largest.bytes / 1024), met: largest.bytes <= t.largestBundleBytes },
    /**
     * Every function within 1.25x: met when none is over once timed again; else how many are over
     * because their floor is, and which are over by our code.
     */
    eachImport: {
      met: overImport.every((f) => f.why === 'noise'),
      overInOneRun: overImport.length,
      underWhenRetimed: overImport.filter((f) => f.why === 'noise').length,
      overByFloor: overImport.filter((f) => f.why === 'floor').map((f) => f.name),
      overByOurCode: overImport.filter((f) => f.why === 'ours').map((f) => f.name),
    },
    /** Functions one run read over 1.25x, worst first: timed again, beside their floor in the same rounds, and why. */
    overImportRatio: overImport,
    /** Functions over 400 KB, largest first: by how many KB, and their floor's KB. */
    overBundleBytes: overBytes,
  };
}

export function printBundles(bundles: MeasuredBundle[]): void {
  console.log('\nBundles (minified KB and ratio to the DynamoDB reference; import in a fresh process, median / p99 ms, and median ratio to the reference timed alternately, then again if over; zod objects built at import; other clients)');
  for (const b of bundles) {
    const retimed = b.retimedImportRatio === undefined ? '' : ` ${b.retimedImportRatio.toFixed(2)}x`;
    console.log(`  ${b.name.padEnd(48)} ${String(Math.round(b.bytes / 1024)).padStart(5)} KB ${b.bytesRatio.toFixed(2).padStart(5)}x  ${b.importMs.median.toFixed(1).padStart(6)} / ${b.importMs.p99.toFixed(1).padStart(6)} ms ${b.importRatio.toFixed(2).padStart(5)}x${retimed.padEnd(6)} ${String(b.schemasAtImport).padStart(5)}  ${b.clients.join(' ')}`);
  }
}

export function printColdStartTargets(c: ReturnType<typeof coldStartTargets>): void {
  const mark = (met: boolean) => (met ? 'PASS' : 'FAIL');
  console.log(`\nCold starts against the DynamoDB reference (${c.reference.kb} KB, import ${c.reference.importMedianMs} ms)`);
  console.log(`  floors (no code of ours; import one run, then ${RETIME_ROUNDS} rounds):`);
  for (const f of c.floors) console.log(`    ${f.name.replace('reference: ', '').padEnd(60)} ${String(f.kb).padStart(5)} KB ${f.bytesRatio.toFixed(2).padStart(5)}x  import ${f.importRatio.toFixed(2)}x / ${f.retimedImportRatio?.toFixed(2) ?? '-'}x`);
  console.log(`  import ratio: median ${c.importRatio.median} (target <= ${c.targets.importRatioMedian}; the chosen libraries' floor ${c.importRatio.floorRetimed}) ${mark(c.importRatio.medianMet)}, p90 ${c.importRatio.p90}, max ${c.importRatio.max}`);
  const each = c.eachImport;
  console.log(`  each <= ${c.targets.importRatioEach}x: ${mark(each.met)}: ${each.overInOneRun} over in one run, ${each.underWhenRetimed} of them under when timed again, ${each.overByFloor.length} over because their floor is, ${each.overByOurCode.length} over by our code`);
  for (const f of c.overImportRatio) console.log(`    ${f.name.padEnd(48)} ${f.ratio.toFixed(2)} then ${f.retimedRatio.toFixed(2)}  floor ${f.floorRatio.toFixed(2)} (${f.floor.replace('reference: ', '')})  ${f.why}`);
  console.log(`  zod objects built at import: median ${c.schemasAtImport.median}, most ${c.schemasAtImport.max} (the floor builds ${c.schemasAtImport.floor})`);
  console.log(`  median bundle: ${c.medianBundle.kb} KB, ${c.medianBundle.ratio}x (target <= ${c.targets.bytesRatioMedian}x; the floor ${c.medianBundle.floorRatio}x) ${mark(c.medianBundle.met)}`);
  console.log(`  largest bundle: ${c.largestBundle.kb} KB ${c.largestBundle.name} (target <= ${c.targets.largestBundleBytes / 1024} KB) ${mark(c.largestBundle.met)}`);
  for (const f of c.overBundleBytes) console.log(`    ${f.name.padEnd(48)} ${String(f.kb).padStart(5)} KB (+${f.overKb})  floor ${f.floorKb} KB (${f.floor.replace('reference: ', '')})  ${f.why}`);
}
