/**
 * The metrics emitter (shared/support/metrics.ts) and the job wrapper (shared/support/job.ts):
 * EMF lines on stdout with the catalogue's namespace, names and dimensions, one line per dimension
 * set, flushed once per invocation; nothing outside an invocation or when LOG_LEVEL is silent.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { inInvocation } from '../../shared/support/invocation.ts';
import { observedJob } from '../../shared/support/job.ts';
import { METRIC_NAMESPACE, METRICS, SERVICE_NAME } from '../../shared/support/metric-catalogue.ts';
import { countEmail, countReading, flushMetrics } from '../../shared/support/metrics.ts';

let stdout: MockInstance<typeof process.stdout.write>;
let logSpy: MockInstance<typeof console.log>;
const saved = {
  LOG_LEVEL: process.env.LOG_LEVEL,
  STAGE: process.env.STAGE,
  METRICS_DISABLED: process.env.METRICS_DISABLED,
};

beforeEach(() => {
  process.env.LOG_LEVEL = 'info';
  process.env.STAGE = 'staging';
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  logSpy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(() => {
  stdout.mockRestore();
  logSpy.mockRestore();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const documents = () =>
  stdout.mock.calls
    .flatMap(([chunk]) => String(chunk).split('\n'))
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

describe('metrics emitter', () => {
  it('writes one EMF document per dimension set, counts of a set summed, with service and stage', async () => {
    await inInvocation(async (invocation) => {
      countReading('ok', 'youtube');
      countReading('ok', 'youtube');
      countReading('rate_limited', 'x');
      countReading('failed');
      expect(stdout).not.toHaveBeenCalled();
      flushMetrics(invocation);
    });
    const docs = documents();
    const reading = (dims: Record<string, string>) =>
      docs.find(
        (d) =>
          Object.entries(dims).every(([k, v]) => d[k] === v) &&
          Object.keys(d).filter((k) => !['_aws', 'service', 'stage', METRICS.metricReadings].includes(k)).length ===
            Object.keys(dims).length,
      );
    expect(docs).toHaveLength(5);
    for (const doc of docs) {
      expect(doc).toMatchObject({ service: SERVICE_NAME, stage: 'staging' });
      expect(doc._aws.Timestamp).toBeTypeOf('number');
      expect(doc._aws.CloudWatchMetrics).toHaveLength(1);
      expect(doc._aws.CloudWatchMetrics[0].Namespace).toBe(METRIC_NAMESPACE);
      expect(doc._aws.CloudWatchMetrics[0].Metrics).toEqual([{ Name: METRICS.metricReadings, Unit: 'Count' }]);
    }
    expect(reading({ outcome: 'ok' })).toMatchObject({ MetricReadings: 2 });
    expect(reading({ platform: 'youtube', outcome: 'ok' })).toMatchObject({ MetricReadings: 2 });
    expect(reading({ platform: 'youtube', outcome: 'ok' })._aws.CloudWatchMetrics[0].Dimensions).toEqual([
      ['service', 'stage', 'platform', 'outcome'],
    ]);
    expect(reading({ outcome: 'rate_limited' })).toMatchObject({ MetricReadings: 1 });
    expect(reading({ platform: 'x', outcome: 'rate_limited' })).toMatchObject({ MetricReadings: 1 });
    expect(reading({ outcome: 'failed' })._aws.CloudWatchMetrics[0].Dimensions).toEqual([
      ['service', 'stage', 'outcome'],
    ]);
  });

  it('adds the DynamoDB retries and throttles of the invocation, and forgets what it flushed', async () => {
    await inInvocation(async (invocation) => {
      invocation.tally.retries = 3;
      invocation.tally.throttles = 2;
      flushMetrics(invocation);
      flushMetrics(invocation);
    });
    const docs = documents();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ DynamoDbRetries: 3, DynamoDbThrottles: 2, stage: 'staging' });
    expect(docs[0]._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', 'stage']]);
  });

  it('defaults the stage to local, and writes nothing when LOG_LEVEL is silent or outside an invocation', async () => {
    delete process.env.STAGE;
    countEmail('sent');
    await inInvocation(async (invocation) => {
      countEmail('failed');
      flushMetrics(invocation);
    });
    expect(documents()).toEqual([expect.objectContaining({ stage: 'local', outcome: 'failed', Emails: 1 })]);
    stdout.mockClear();
    process.env.LOG_LEVEL = 'silent';
    await inInvocation(async (invocation) => {
      countEmail('sent');
      flushMetrics(invocation);
    });
    expect(stdout).not.toHaveBeenCalled();
  });

  it('writes nothing when METRICS_DISABLED is true, and each document as one write of one line otherwise', async () => {
    process.env.METRICS_DISABLED = 'true';
    await inInvocation(async (invocation) => {
      countReading('ok', 'youtube');
      flushMetrics(invocation);
    });
    expect(stdout).not.toHaveBeenCalled();
    process.env.METRICS_DISABLED = 'false';
    await inInvocation(async (invocation) => {
      countReading('ok', 'youtube');
      flushMetrics(invocation);
    });
    expect(stdout).toHaveBeenCalledTimes(2);
    for (const [chunk] of stdout.mock.calls) expect(String(chunk)).toMatch(/^\{[^\n]*\}\n$/);
  });
});

describe('observedJob', () => {
  it('flushes once at the end of a run, logs the run, and keeps concurrent runs apart', async () => {
    const job = observedJob('test-job', async (outcome: 'sent' | 'failed', n: number) => {
      for (let i = 0; i < n; i++) {
        countEmail(outcome);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return n;
    });
    expect(await Promise.all([job('sent', 3), job('failed', 2)])).toEqual([3, 2]);
    const docs = documents();
    expect(docs).toHaveLength(2);
    expect(docs.find((d) => d.outcome === 'sent')).toMatchObject({ Emails: 3 });
    expect(docs.find((d) => d.outcome === 'failed')).toMatchObject({ Emails: 2 });
    const runs = logSpy.mock.calls.map(([line]) => JSON.parse(String(line))).filter((e) => e.message === 'job');
    // The first run started is the cold one, whichever ends first.
    expect(runs.map((r) => [r.job, r.outcome, r.coldStart]).sort()).toEqual([
      ['test-job', 'ok', false],
      ['test-job', 'ok', true],
    ]);
  });

  it('logs a run that throws as an error and still flushes what it counted', async () => {
    const job = observedJob('failing-job', async () => {
      countEmail('failed');
      throw new Error('boom');
    });
    await expect(job()).rejects.toThrow('boom');
    expect(documents()).toEqual([expect.objectContaining({ outcome: 'failed', Emails: 1 })]);
    expect(JSON.parse(String(logSpy.mock.calls.at(-1)![0]))).toMatchObject({
      message: 'job',
      job: 'failing-job',
      outcome: 'error',
    });
  });
});
