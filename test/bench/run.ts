/**
 * `npm run bench`: bundle sizes and import times, in-process latency with and without middleware,
 * DynamoDB round trips per request, and what lists and stats read at 100 and 10,000 records.
 * Prints a summary and writes test/bench/results.json.
 * Figures to read against the expectations below; nothing here fails on a slow machine.
 *
 * `npm run bench -- reporting` runs the reporting bench alone (docs/decisions.md "Reporting evidence") and replaces only its part.
 * `npm run bench -- lists` runs the lists bench alone and replaces only its part of results.json;
 * `npm run bench -- metrics` the same for the metric refresh bench (needs the local platform fakes);
 * `npm run bench -- metric-reads` the same for the metric reads bench (docs/decisions.md "Metric snapshots and refresh": creator history and
 * sparklines at 100 and 10,000 activities).
 * `npm run bench -- validation` the same for refusing requests of many invalid fields (docs/decisions.md "Errors").
 * `npm run bench -- exports` the same for an export of a 10,000-activity tenant as CSV (docs/webhooks.md: time, rows, peak heap growth).
 * `npm run bench -- bundles` builds and times the bundles alone and replaces the `bundles` part,
 * `summary.coldStarts` (the cold-start targets (test/bench/RESULTS.md): import time and bytes against the DynamoDB reference),
 * `summary.s3Writers` (what the S3 client costs the functions that write objects, docs/decisions.md "Retries and browsers")
 * and `summary.observability` (what the metrics and logging code costs each function, docs/operate.md).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTable, LOCAL_CREDENTIALS, startDynamoLocal } from '../../infra/local/dynamodb.ts';
import { LocalIssuer } from '../../infra/local/issuer.ts';
import {
  COLD_START_TARGETS,
  coldStartTargets,
  compareWithReference,
  DYNAMO_REFERENCE,
  measureBundles,
  observabilityCost,
  printBundles,
  printColdStartTargets,
  printObservabilityCost,
  printS3Writers,
  decideImports,
  s3Writers,
  settleFloors,
} from './bundles.ts';
import { CALLS_EXPLAINED, measureCallsPerRequest, measureLatency } from './latency.ts';
import { measureLists, printLists, type ListsResult } from './lists.ts';
import { measureReporting, printReporting, type ReportingResult } from './reporting.ts';
import { measureMetricRefresh, printMetricRefresh, type MetricRefreshResult } from './metric-refresh.ts';
import { measureMetricReads, printMetricReads, type MetricReadsResult } from './metric-reads.ts';
import { measureOverhead } from './overhead.ts';
import { measureExports, printExports, type ExportsResult } from './exports.ts';
import { measureValidation, printValidation, type ValidationResult } from './validation.ts';

const EXPECTED = {
  maxBundleBytes: COLD_START_TARGETS.largestBundleBytes,
  maxImportRatioToDynamoReference: COLD_START_TARGETS.importRatioEach,
  medianImportRatioToDynamoReference: COLD_START_TARGETS.importRatioMedian,
  medianBundleRatioToDynamoReference: COLD_START_TARGETS.bytesRatioMedian,
  maxMiddlewareOverheadP99Ms: 0.3,
  maxCallsToReadOneRecord: 2,
};

const RESULTS = join(import.meta.dirname, 'results.json');
const listsOnly = process.argv.slice(2).includes('lists');
const reportingOnly = process.argv.slice(2).includes('reporting');
const metricsOnly = process.argv.slice(2).includes('metrics');
const metricReadsOnly = process.argv.slice(2).includes('metric-reads');
const validationOnly = process.argv.slice(2).includes('validation');
const exportsOnly = process.argv.slice(2).includes('exports');

if (process.argv.slice(2).includes('bundles')) {
  console.log('Building bundles and timing imports…');
  const built = await measureBundles();
  console.log('Timing more the functions whose import ratio is not yet over or under the target, with their floors…');
  decideImports(built);
  console.log("Timing the floors more, to read our code's share against them…");
  settleFloors(built);
  const previous = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as { summary?: Record<string, unknown> })
    : {};
  const writers = s3Writers(built);
  const observability = observabilityCost(built);
  const coldStarts = coldStartTargets(built);
  writeFileSync(
    RESULTS,
    `${JSON.stringify({ ...previous, bundles: built.map(({ file: _file, importSamples: _samples, importRatios: _ratios, ...b }) => b), summary: { ...previous.summary, coldStarts, s3Writers: writers, observability } }, null, 2)}\n`,
  );
  printBundles(built);
  printS3Writers(writers);
  printObservabilityCost(observability);
  printColdStartTargets(coldStarts);
  console.log(
    '\nWrote the bundles part, summary.coldStarts, summary.s3Writers and summary.observability of test/bench/results.json',
  );
  process.exit(0);
}

console.log('Starting DynamoDB Local…');
const dynamo = await startDynamoLocal();
const issuer = LocalIssuer.ephemeral();
const table = `bench-${randomUUID()}`;
Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  TABLE_NAME: table,
  AVATARS_BUCKET: 'avatars',
  FILES_BUCKET: 'files',
  // A report link's url names the API (the reporting bench makes one); nothing is served there.
  API_URL: 'http://127.0.0.1:3000',
  LOG_LEVEL: 'silent',
  ...issuer.verifierEnv(),
});
/** Replaces one part of results.json, keeping the others: what `-- <part>` writes. */
function writePart(name: string, value: unknown): void {
  const previous = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(RESULTS, `${JSON.stringify({ ...previous, [name]: value }, null, 2)}\n`);
  console.log(`\nWrote the ${name} part of test/bench/results.json`);
}

/**
 * A table of its own for a part that seeds 10,000-record tenants: seed-tenant.ts scans the whole
 * table before and after its templates, so in one shared table each part's seed slowed with the
 * parts before it (a full run on a loaded machine took 589 s to seed the reporting bench's tenant
 * of 100 and 943 s the metric reads bench's, which seeds it in 5 s in a table of its own).
 */
async function freshTable(): Promise<void> {
  const name = `bench-${randomUUID()}`;
  await ensureTable(dynamo.endpoint, name);
  process.env.TABLE_NAME = name;
}

let latency: Awaited<ReturnType<typeof measureLatency>> | undefined;
let calls: Awaited<ReturnType<typeof measureCallsPerRequest>> | undefined;
let lists: ListsResult;
let reporting: ReportingResult | undefined;
let metricRefresh: MetricRefreshResult | undefined;
let metricReads: MetricReadsResult | undefined;
let validation: ValidationResult | undefined;
let exportsResult: ExportsResult | undefined;
try {
  await ensureTable(dynamo.endpoint, table);
  if (validationOnly) {
    validation = await measureValidation(issuer);
    writePart('validation', validation);
    printValidation(validation);
    await dynamo.stop();
    process.exit(0);
  }
  if (exportsOnly) {
    console.log('Seeding a tenant of 10,000 activities for the exports bench…');
    exportsResult = await measureExports(issuer);
    writePart('exports', exportsResult);
    printExports(exportsResult);
    await dynamo.stop();
    process.exit(0);
  }
  if (metricReadsOnly) {
    console.log('Seeding tenants of 100 and 10,000 activities with readings for the metric reads bench…');
    metricReads = await measureMetricReads(issuer);
    writePart('metricReads', metricReads);
    printMetricReads(metricReads);
    await dynamo.stop();
    process.exit(0);
  }
  if (reportingOnly) {
    console.log('Seeding tenants of 100 and 10,000 activities for the reporting bench…');
    reporting = await measureReporting(issuer);
    writePart('reporting', reporting);
    printReporting(reporting);
    await dynamo.stop();
    process.exit(0);
  }
  if (metricsOnly) {
    metricRefresh = await measureMetricRefresh();
    writePart('metricRefresh', metricRefresh);
    printMetricRefresh(metricRefresh);
  }
  if (!listsOnly && !metricsOnly) {
    latency = await measureLatency(issuer);
    calls = await measureCallsPerRequest(issuer);
    validation = await measureValidation(issuer);
  }
  if (!metricsOnly) {
    console.log('Seeding tenants of 100 and 10,000 records for the lists bench…');
    lists = await measureLists(issuer);
    if (!listsOnly) {
      console.log('Seeding tenants of 100 and 10,000 activities for the reporting bench…');
      await freshTable();
      reporting = await measureReporting(issuer);
      console.log('Seeding tenants of 100 and 10,000 activities with readings for the metric reads bench…');
      await freshTable();
      metricReads = await measureMetricReads(issuer);
      console.log('Seeding a tenant of 10,000 activities for the exports bench…');
      await freshTable();
      exportsResult = await measureExports(issuer);
    }
  }
  if (!listsOnly && !metricsOnly) metricRefresh = await measureMetricRefresh();
} finally {
  await dynamo.stop();
}
if (metricsOnly) process.exit(0);
lists = lists!;
if (listsOnly) {
  writePart('lists', lists);
  printLists(lists);
  process.exit(0);
}
latency = latency!;
calls = calls!;

console.log('Building bundles and timing imports…');
const bundles = await measureBundles();
console.log('Timing more the functions whose import ratio is not yet over or under the target, with their floors…');
decideImports(bundles);
console.log("Timing the floors more, to read our code's share against them…");
settleFloors(bundles);
const overhead = await measureOverhead(issuer);

const reference = bundles.find((b) => b.name === DYNAMO_REFERENCE)!;
const ours = bundles.filter((b) => !b.name.startsWith('reference'));
const largest = ours.reduce((a, b) => (b.bytes > a.bytes ? b : a));
console.log(`Comparing the heaviest bundle (${largest.name}) with the DynamoDB reference, run by run…`);
const comparison = compareWithReference(largest.file, reference.file);
const readOne = calls['GET /v1/users/:id (read one record)']!;
const summary = {
  largestBundle: {
    name: largest.name,
    kb: Math.round(largest.bytes / 1024),
    withinLimit: largest.bytes <= EXPECTED.maxBundleBytes,
  },
  heaviestImport: {
    name: largest.name,
    medianMs: comparison.heaviest.median,
    dynamoReferenceMedianMs: comparison.reference.median,
    ratio: comparison.ratio,
  },
  middlewareOverheadP99Ms: { againstDynamoDbLocal: latency.overhead.p99, dynamoDbStubbed: overhead.overhead.p99 },
  callsToReadOneRecord: readOne,
  coldStarts: coldStartTargets(bundles),
  s3Writers: s3Writers(bundles),
  observability: observabilityCost(bundles),
};

const report = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  expected: EXPECTED,
  summary,
  bundles: bundles.map(({ file: _file, importSamples: _samples, importRatios: _ratios, ...b }) => b),
  importComparison: comparison,
  latency,
  overhead,
  dynamoCallsPerRequest: calls,
  lists,
  reporting,
  metricReads,
  metricRefresh,
  validation,
  exports: exportsResult,
};
writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);

printBundles(bundles);
printColdStartTargets(summary.coldStarts);
printS3Writers(summary.s3Writers);
printObservabilityCost(summary.observability);
console.log(`\n${latency.route}, ${latency.withMiddleware.n} calls each (median / p99 ms)`);
console.log(`  with middleware  ${latency.withMiddleware.median} / ${latency.withMiddleware.p99}`);
console.log(`  bare handler     ${latency.bareHandler.median} / ${latency.bareHandler.p99}`);
console.log(`  overhead         ${latency.overhead.median} / ${latency.overhead.p99}`);
console.log(
  `\n${overhead.route}, ${overhead.withMiddleware.n} calls each, DynamoDB ${overhead.dynamodb} (median / p99 ms)`,
);
console.log(`  with middleware  ${overhead.withMiddleware.median} / ${overhead.withMiddleware.p99}`);
console.log(`  bare handler     ${overhead.bareHandler.median} / ${overhead.bareHandler.p99}`);
console.log(`  overhead         ${overhead.overhead.median} / ${overhead.overhead.p99}`);
console.log('\nDynamoDB round trips per request');
for (const [label, n] of Object.entries(calls))
  console.log(`  ${label.padEnd(44)} ${n}${CALLS_EXPLAINED[label] ? `  (${CALLS_EXPLAINED[label]})` : ''}`);
printLists(lists);
if (validation) printValidation(validation);
if (exportsResult) printExports(exportsResult);
if (reporting) printReporting(reporting);
if (metricReads) printMetricReads(metricReads);
printMetricRefresh(metricRefresh!);
console.log(
  `\nSummary (expected: bundles <= 400 KB, median <= 1.2x the DynamoDB reference's bytes; import <= 1.25x the reference, median <= 1.15x; overhead p99 <= 0.3 ms, read <= 2 calls)`,
);
console.log(JSON.stringify(summary, null, 2));
console.log('\nWrote test/bench/results.json');
