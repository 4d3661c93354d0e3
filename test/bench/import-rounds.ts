/**
 * A closer look at a few functions' import times than the bundles bench gives (issue 25): times the
 * DynamoDB reference, the chosen-libraries floor and the named functions round-robin, one import of
 * each per round in fresh processes, and prints each one's median and its ratio to the reference's.
 * Reads the bundles `npm run bench -- bundles` left in .bench/bundles.
 *
 *   npx tsx test/bench/import-rounds.ts 31 activities/get notes/delete
 */
import { existsSync } from 'node:fs';
import { builtBundle, CHOSEN_LIBRARIES, DYNAMO_REFERENCE, importTime } from './bundles.ts';
import { quantile } from './stats.ts';

const [roundsArg, ...names] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!Number.isInteger(rounds) || rounds < 1 || !names.length) {
  console.error('usage: npx tsx test/bench/import-rounds.ts <rounds> <function, e.g. activities/get> [more…]');
  process.exit(2);
}
const entries: [string, string][] = [DYNAMO_REFERENCE, CHOSEN_LIBRARIES, ...names].map((name) => [name, builtBundle(name.startsWith('reference') ? name : `functions/${name}`)]);
const missing = entries.filter(([, file]) => !existsSync(file));
if (missing.length) {
  console.error(`no bundle for ${missing.map(([name]) => name).join(', ')}: run \`npm run bench -- bundles\` first`);
  process.exit(2);
}
const times = new Map<string, number[]>(entries.map(([name]) => [name, []]));
for (let round = 0; round < rounds; round++) for (const [name, file] of entries) times.get(name)!.push(importTime(file));
const median = (name: string) => quantile([...times.get(name)!].sort((a, b) => a - b), 0.5);
const reference = median(entries[0]![0]);
console.log(`Import, median of ${rounds} rounds (ms), and ratio to the DynamoDB reference`);
for (const [name] of entries) console.log(`  ${name.padEnd(48)} ${median(name).toFixed(1).padStart(6)}  ${(median(name) / reference).toFixed(3)}`);
