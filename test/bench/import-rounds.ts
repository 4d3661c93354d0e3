/**
 * A closer look at a few functions' import times than the bundles bench gives (the cold-start targets, test/bench/RESULTS.md): times the
 * chosen-libraries floor and the named functions in rounds as the bench does (import-timing.ts: one
 * import of each per round in fresh processes, between two of the DynamoDB reference), and prints each
 * one's median, its ratio to the reference's and that ratio's interval.
 * Reads the bundles `npm run bench -- bundles` left in .bench/bundles.
 *
 *   npx tsx test/bench/import-rounds.ts 31 activities/get notes/delete
 */
import { existsSync } from 'node:fs';
import { builtBundle, CHOSEN_LIBRARIES, DYNAMO_REFERENCE, importTime } from './bundles.ts';
import { CONFIDENCE_LABEL, estimateRatio, noTimings, seededRandom, timeInRounds } from './import-timing.ts';
import { quantile } from './stats.ts';

const [roundsArg, ...names] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!Number.isInteger(rounds) || rounds < 1 || !names.length) {
  console.error('usage: npx tsx test/bench/import-rounds.ts <rounds> <function, e.g. activities/get> [more…]');
  process.exit(2);
}
const entries: [string, string][] = [DYNAMO_REFERENCE, CHOSEN_LIBRARIES, ...names].map((name) => [
  name,
  builtBundle(name.startsWith('reference') ? name : `functions/${name}`),
]);
const missing = entries.filter(([, file]) => !existsSync(file));
if (missing.length) {
  console.error(`no bundle for ${missing.map(([name]) => name).join(', ')}: run \`npm run bench -- bundles\` first`);
  process.exit(2);
}
const fileOf = new Map(entries);
const random = seededRandom(Date.now());
const timings = noTimings();
timeInRounds([...fileOf.keys()], DYNAMO_REFERENCE, rounds, (name) => importTime(fileOf.get(name)!), timings, random);
console.log(
  `Import, median of ${rounds} rounds (ms), and its ratio to the DynamoDB reference's imports around it: median and ${CONFIDENCE_LABEL} interval`,
);
for (const [name] of entries) {
  const times = timings.times.get(name)!;
  const { ratio, interval } =
    name === DYNAMO_REFERENCE ? { ratio: 1, interval: undefined } : estimateRatio(timings.ratios.get(name)!, random);
  const within = interval ? `${interval[0].toFixed(3)}-${interval[1].toFixed(3)}` : '';
  console.log(
    `  ${name.padEnd(48)} ${quantile(
      [...times].sort((a, b) => a - b),
      0.5,
    )
      .toFixed(1)
      .padStart(6)}  ${ratio.toFixed(3)}  ${within}`,
  );
}
