/**
 * Builds every function bundle with the stack's esbuild options (infra/build-bundles.ts), plus two
 * references built in the same run: an empty handler (the floor) and a bundle holding only the
 * DynamoDB document client (what any DynamoDB function pays), and one holding only the S3 client
 * (what a function that writes objects itself pays on top). Reports each bundle's minified size,
 * the time to import it in a fresh Node process (a stand-in for Lambda init), and whether it
 * carries the S3 client.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { routes } from '../../functions/routes.ts';
import { buildFunctionBundles } from '../../infra/build-bundles.ts';
import { summarize } from './stats.ts';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, '.bench/bundles');
const IMPORT_RUNS = 9;
/** Runs of the side-by-side comparison of the heaviest bundle with the DynamoDB reference. */
const COMPARISON_RUNS = 40;

const REFERENCES = {
  'reference: empty handler': join(import.meta.dirname, 'references/empty-handler.ts'),
  'reference: DynamoDB document client only': join(import.meta.dirname, 'references/dynamodb-client-only.ts'),
  'reference: S3 client only': join(import.meta.dirname, 'references/s3-client-only.ts'),
  'reference: observability only': join(import.meta.dirname, 'references/observability-only.ts'),
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
function importTime(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

function importTimes(file: string, runs = IMPORT_RUNS): number[] {
  return Array.from({ length: runs }, () => importTime(file));
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
  const dirOf = (name: string) => name.replace(/[^a-z0-9]+/gi, '-');
  const assets = Object.fromEntries(Object.entries(entries).map(([name, entry]) => [dirOf(name), { entry }]));
  const { files, metafile } = await buildFunctionBundles(assets, OUT, { root: ROOT, overrides: { metafile: true } });
  const results = [];
  for (const name of Object.keys(entries)) {
    const file = files[dirOf(name)]!;
    const kept = keptInputs(metafile!.outputs[relative(ROOT, file)]!);
    const times = summarize(importTimes(file));
    const observabilityBytes = kept.filter(([path]) => OBSERVABILITY.test(path)).reduce((sum, [, bytes]) => sum + bytes, 0);
    results.push({ name, file, bytes: statSync(file).size, importMs: times, s3Client: kept.some(([path]) => S3_CLIENT.test(path)), observabilityBytes });
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
