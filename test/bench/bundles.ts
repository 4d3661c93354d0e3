/**
 * Builds every function bundle with the stack's esbuild options (infra/build-bundles.ts), plus two
 * references built in the same run: an empty handler (the floor) and a bundle holding only the
 * DynamoDB document client (what any DynamoDB function pays), and one holding only the S3 client
 * (what a function that writes objects itself pays on top). Reports each bundle's minified size,
 * the time to import it in a fresh Node process (a stand-in for Lambda init), and whether it
 * carries the S3 client; and each function's import time and bytes as ratios to the DynamoDB
 * reference, its import timed run by run alternately with the reference's so that machine noise
 * hits both alike (issue 25's targets: `coldStartTargets`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
 * The floors under the targets: DESIGN.md's libraries for one authenticated JSON route with none of
 * our code, and the same with a Stripe client (the billing functions). A target below a floor cannot
 * be met by any function built on those libraries.
 */
export const CHOSEN_LIBRARIES = 'reference: chosen libraries only';
const CHOSEN_LIBRARIES_AND_STRIPE = 'reference: chosen libraries and Stripe';

/** Runs of the side-by-side comparison of the heaviest bundle with the DynamoDB reference. */
const COMPARISON_RUNS = 40;

const REFERENCES = {
  'reference: empty handler': join(import.meta.dirname, 'references/empty-handler.ts'),
  'reference: DynamoDB document client only': join(import.meta.dirname, 'references/dynamodb-client-only.ts'),
  'reference: S3 client only': join(import.meta.dirname, 'references/s3-client-only.ts'),
  'reference: observability only': join(import.meta.dirname, 'references/observability-only.ts'),
  [CHOSEN_LIBRARIES]: join(import.meta.dirname, 'references/chosen-libraries-only.ts'),
  [CHOSEN_LIBRARIES_AND_STRIPE]: join(import.meta.dirname, 'references/chosen-libraries-and-stripe.ts'),
};

/**
 * The observability code in a bundle (issue 24): Powertools Metrics, our emitter, tally, job wrapper,
 * metric catalogue and the request middleware that uses them.
 */
const OBSERVABILITY = /node_modules\/@aws-lambda-powertools\/|shared\/support\/(metrics|invocation|job|metric-catalogue)\.ts$|shared\/http\/middleware\/observe\.ts$/;

/** An input of the S3 client package in a bundle's metafile: the function writes objects itself. */
const S3_CLIENT = /node_modules\/@aws-sdk\/client-s3\//;

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

export async function measureBundles() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const entries: Record<string, string> = { ...REFERENCES };
  for (const route of routes) entries[`functions/${route.handler}`] ??= join(ROOT, 'functions', `${route.handler}.ts`);
  entries['functions/not-found'] = join(ROOT, 'functions/not-found.ts');

  // One esbuild call for all of them, as the built-bundle test builds (infra/build-bundles.ts).
  const assets = Object.fromEntries(Object.entries(entries).map(([name, entry]) => [dirOf(name), { entry }]));
  const { files, metafile } = await buildFunctionBundles(assets, OUT, { root: ROOT, overrides: { metafile: true } });
  const reference = files[dirOf(DYNAMO_REFERENCE)]!;
  const referenceBytes = statSync(reference).size;
  const results = [];
  for (const name of Object.keys(entries)) {
    const file = files[dirOf(name)]!;
    const kept = keptInputs(metafile!.outputs[relative(ROOT, file)]!);
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
    results.push({ name, file, bytes, bytesRatio: Math.round((bytes / referenceBytes) * 100) / 100, importMs: times, importRatio, schemasAtImport: schemasBuiltAtImport(file), s3Client: kept.some(([path]) => S3_CLIENT.test(path)), observabilityBytes });
  }
  return results;
}

/** What the S3 client costs the functions that write objects themselves (issue 23 item 12): their bundles and import times, beside the client alone. */
export function s3Writers(bundles: Awaited<ReturnType<typeof measureBundles>>) {
  const reference = bundles.find((b) => b.name === 'reference: S3 client only')!;
  return {
    referenceKb: Math.round(reference.bytes / 1024),
    referenceImportMedianMs: reference.importMs.median,
    functions: bundles.filter((b) => b.s3Client && !b.name.startsWith('reference')).map((b) => ({ name: b.name, kb: Math.round(b.bytes / 1024), importMedianMs: b.importMs.median })),
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
export function observabilityCost(bundles: Awaited<ReturnType<typeof measureBundles>>) {
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
 * Issue 25's targets read off the bundles: the import ratio's median, p90 and maximum over the
 * functions, the median and largest bundle, and which functions are over a target and by how much.
 */
export function coldStartTargets(bundles: Awaited<ReturnType<typeof measureBundles>>) {
  const reference = bundles.find((b) => b.name === DYNAMO_REFERENCE)!;
  const functions = bundles.filter((b) => !b.name.startsWith('reference'));
  const ratios = functions.map((f) => f.importRatio).sort((a, b) => a - b);
  const sizes = functions.map((f) => f.bytes).sort((a, b) => a - b);
  const medianBytes = quantile(sizes, 0.5);
  const largest = functions.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const t = COLD_START_TARGETS;
  const floor = (name: string) => {
    const b = bundles.find((bundle) => bundle.name === name)!;
    return { kb: Math.round(b.bytes / 1024), bytesRatio: b.bytesRatio, importRatio: b.importRatio };
  };
  return {
    targets: t,
    reference: { kb: Math.round(reference.bytes / 1024), importMedianMs: reference.importMs.median },
    /** The same figures for the floors (no code of ours): what the targets are to be read against. */
    floors: { chosenLibraries: floor(CHOSEN_LIBRARIES), chosenLibrariesAndStripe: floor(CHOSEN_LIBRARIES_AND_STRIPE) },
    importRatio: { median: quantile(ratios, 0.5), p90: quantile(ratios, 0.9), max: ratios.at(-1)!, medianMet: quantile(ratios, 0.5) <= t.importRatioMedian },
    /** Zod objects built at import (what our own code spends there): the functions' median and most, and the floor's. */
    schemasAtImport: {
      median: quantile(functions.map((f) => f.schemasAtImport).sort((a, b) => a - b), 0.5),
      max: Math.max(...functions.map((f) => f.schemasAtImport)),
      floor: bundles.find((b) => b.name === CHOSEN_LIBRARIES)!.schemasAtImport,
    },
    medianBundle: { kb: Math.round(medianBytes / 1024), ratio: Math.round((medianBytes / reference.bytes) * 100) / 100, met: medianBytes / reference.bytes <= t.bytesRatioMedian },
    largestBundle: { name: largest.name, kb: Math.round(largest.bytes / 1024), met: largest.bytes <= t.largestBundleBytes },
    /** Functions whose import ratio is over 1.25, worst first: by how much (ratio - target). */
    overImportRatio: functions.filter((f) => f.importRatio > t.importRatioEach).sort((a, b) => b.importRatio - a.importRatio).map((f) => ({ name: f.name, ratio: f.importRatio, over: Math.round((f.importRatio - t.importRatioEach) * 100) / 100 })),
    /** Functions over 400 KB, largest first: by how many KB. */
    overBundleBytes: functions.filter((f) => f.bytes > t.largestBundleBytes).sort((a, b) => b.bytes - a.bytes).map((f) => ({ name: f.name, kb: Math.round(f.bytes / 1024), overKb: Math.round((f.bytes - t.largestBundleBytes) / 1024) })),
  };
}

export function printBundles(bundles: Awaited<ReturnType<typeof measureBundles>>): void {
  console.log('\nBundles (minified KB and ratio to the DynamoDB reference; import in a fresh process, median / p99 ms, and median ratio to the reference timed alternately; zod objects built at import)');
  for (const b of bundles) {
    console.log(`  ${b.name.padEnd(48)} ${String(Math.round(b.bytes / 1024)).padStart(5)} KB ${b.bytesRatio.toFixed(2).padStart(5)}x  ${b.importMs.median.toFixed(1).padStart(6)} / ${b.importMs.p99.toFixed(1).padStart(6)} ms ${b.importRatio.toFixed(2).padStart(5)}x ${String(b.schemasAtImport).padStart(5)}`);
  }
}

export function printColdStartTargets(c: ReturnType<typeof coldStartTargets>): void {
  const mark = (met: boolean) => (met ? 'PASS' : 'FAIL');
  console.log(`\nCold starts against the DynamoDB reference (${c.reference.kb} KB, import ${c.reference.importMedianMs} ms)`);
  const { chosenLibraries: lib, chosenLibrariesAndStripe: stripe } = c.floors;
  console.log(`  floor, the chosen libraries alone (no code of ours): ${lib.kb} KB, ${lib.bytesRatio}x, import ${lib.importRatio}x; with Stripe: ${stripe.kb} KB, import ${stripe.importRatio}x`);
  console.log(`  import ratio: median ${c.importRatio.median} (target <= ${c.targets.importRatioMedian}) ${mark(c.importRatio.medianMet)}, p90 ${c.importRatio.p90}, max ${c.importRatio.max} (target each <= ${c.targets.importRatioEach}) ${mark(c.overImportRatio.length === 0)}`);
  console.log(`  zod objects built at import: median ${c.schemasAtImport.median}, most ${c.schemasAtImport.max} (the floor builds ${c.schemasAtImport.floor})`);
  console.log(`  median bundle: ${c.medianBundle.kb} KB, ${c.medianBundle.ratio}x (target <= ${c.targets.bytesRatioMedian}x) ${mark(c.medianBundle.met)}`);
  console.log(`  largest bundle: ${c.largestBundle.kb} KB ${c.largestBundle.name} (target <= ${c.targets.largestBundleBytes / 1024} KB) ${mark(c.largestBundle.met)}`);
  if (c.overImportRatio.length) console.log(`  over ${c.targets.importRatioEach}x import: ${c.overImportRatio.map((f) => `${f.name} ${f.ratio} (+${f.over})`).join(', ')}`);
  if (c.overBundleBytes.length) console.log(`  over ${c.targets.largestBundleBytes / 1024} KB: ${c.overBundleBytes.map((f) => `${f.name} ${f.kb} KB (+${f.overKb})`).join(', ')}`);
}
