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
};

/** An input of the S3 client package in a bundle's metafile: the function writes objects itself. */
const S3_CLIENT = /node_modules\/@aws-sdk\/client-s3\//;

/** What a bundle's metafile output kept (an input with bytes in it: the top-level inputs also list what tree-shaking dropped). */
function keptInputs(output: Metafile['outputs'][string]): string[] {
  return Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path);
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
    const output = metafile!.outputs[relative(ROOT, file)]!;
    const times = summarize(importTimes(file));
    results.push({ name, file, bytes: statSync(file).size, importMs: times, s3Client: keptInputs(output).some((input) => S3_CLIENT.test(input)) });
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
