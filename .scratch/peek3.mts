import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { BUILD_OPTIONS } from '../infra/build-bundles.ts';
const t = performance.now();
await build({ ...BUILD_OPTIONS, entryPoints: ['/work/wt-bundles/functions/users/create.ts'], outfile: '/tmp/single/index.mjs', absWorkingDir: '/work/wt-bundles' });
console.log('single build ms', Math.round(performance.now() - t));
const a = readFileSync('/tmp/single/index.mjs', 'utf8'), b = readFileSync('/tmp/bb/users/create/index.mjs', 'utf8');
console.log(a.length, b.length, a === b);
