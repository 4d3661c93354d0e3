/**
 * Builds function bundles with esbuild's API exactly as the stack's NodejsFunction runs esbuild's
 * command line (infra/bundling.ts; aws-lambda-nodejs turns those props into `--bundle --platform=node
 * --format=esm --outfile=<asset>/index.mjs ...`). Shared by the bundle benchmark (test/bench) and
 * the built-bundle test (test/bundles), so what they measure and serve is what is deployed.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { BUNDLE_ALIASES, BUNDLING } from './bundling.ts';

/** The stack's bundling as esbuild options (the format is RouteFunction's OutputFormat.ESM). */
export const BUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  minify: BUNDLING.minify,
  sourcemap: BUNDLING.sourceMap,
  sourcesContent: BUNDLING.sourcesContent,
  banner: { js: BUNDLING.banner },
  target: BUNDLING.target,
  mainFields: BUNDLING.mainFields,
  external: BUNDLING.externalModules,
  alias: BUNDLE_ALIASES,
  logLevel: 'error',
} satisfies BuildOptions;

/** One function's asset: its entry module and the files the stack copies beside its bundle. */
export interface BundleEntry {
  /** Absolute path of the entry module (`functions/<handler>.ts`). */
  entry: string;
  /** Files copied into the asset directory, relative to `root` (RouteFunction's `assetFiles`). */
  assetFiles?: readonly string[];
}

/**
 * Builds each entry into `outDir/<name>/index.mjs`, as the stack's asset directory holds it, in
 * ONE esbuild call: with code splitting off (esbuild's default) each entry point is bundled on its
 * own, self-contained, with the same options, so the output per function is what a separate call
 * gives (test/bundles checks one byte for byte), while the call parses the shared modules once.
 * `overrides` change the options (a test breaks a bundle on purpose with an alias).
 */
export async function buildFunctionBundles(
  entries: Record<string, BundleEntry>,
  outDir: string,
  { root, overrides = {} }: { root: string; overrides?: BuildOptions },
): Promise<{ files: Record<string, string>; metafile?: Metafile }> {
  const names = Object.keys(entries);
  if (!names.length) return { files: {} };
  const { metafile } = await build({
    ...BUILD_OPTIONS,
    ...overrides,
    splitting: false,
    entryPoints: names.map((name) => ({ in: entries[name]!.entry, out: `${name}/index` })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: root,
  });
  const files: Record<string, string> = {};
  for (const name of names) {
    const file = join(outDir, name, 'index.mjs');
    for (const asset of entries[name]!.assetFiles ?? []) {
      mkdirSync(dirname(file), { recursive: true });
      copyFileSync(join(root, asset), join(dirname(file), asset.split('/').pop()!));
    }
    files[name] = file;
  }
  return { files, metafile };
}
