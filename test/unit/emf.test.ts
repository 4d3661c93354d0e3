/**
 * The EMF documents (shared/support/emf.ts) against the specification's shape and limits: at most 100
 * metrics per directive and 100 values per metric, at most 30 dimensions, no empty dimension value.
 */
import { describe, expect, it } from 'vitest';
import { EMF_LIMITS, emfDocuments, type EmfMetric } from '../../shared/support/emf.ts';

const metrics = (entries: [string, EmfMetric][]) => new Map(entries);

describe('emfDocuments', () => {
  it('writes one document with the directive, the dimension values and each metric, one value as a number', () => {
    const docs = emfDocuments(
      'NS',
      { service: 's', stage: 'prod', outcome: 'ok' },
      metrics([
        ['Emails', { unit: 'Count', values: [3] }],
        ['RequestDuration', { unit: 'Milliseconds', values: [12, 30] }],
      ]),
      1_700_000_000_000,
    );
    expect(docs).toEqual([
      {
        _aws: {
          Timestamp: 1_700_000_000_000,
          CloudWatchMetrics: [
            {
              Namespace: 'NS',
              Dimensions: [['service', 'stage', 'outcome']],
              Metrics: [
                { Name: 'Emails', Unit: 'Count' },
                { Name: 'RequestDuration', Unit: 'Milliseconds' },
              ],
            },
          ],
        },
        service: 's',
        stage: 'prod',
        outcome: 'ok',
        Emails: 3,
        RequestDuration: [12, 30],
      },
    ]);
  });

  it('splits a metric of more than 100 values over documents, every value written once', () => {
    const values = Array.from({ length: 250 }, (_, i) => i);
    const docs = emfDocuments(
      'NS',
      { service: 's' },
      metrics([
        ['RequestDuration', { unit: 'Milliseconds', values }],
        ['Emails', { unit: 'Count', values: [1] }],
      ]),
      1,
    );
    expect(docs).toHaveLength(3);
    const written = docs.flatMap((doc) => [doc.RequestDuration].flat());
    expect(written).toEqual(values);
    for (const doc of docs) expect([doc.RequestDuration].flat().length).toBeLessThanOrEqual(EMF_LIMITS.valuesPerMetric);
    // The other metric rides in the first document, once.
    expect(docs.filter((doc) => 'Emails' in doc)).toHaveLength(1);
  });

  it('puts at most 100 metrics in a document, each named in its directive', () => {
    const many = metrics(
      Array.from({ length: 130 }, (_, i): [string, EmfMetric] => [`M${i}`, { unit: 'Count', values: [i] }]),
    );
    const docs = emfDocuments('NS', { service: 's' }, many, 1);
    expect(
      docs.map(
        (doc) => (doc._aws as { CloudWatchMetrics: { Metrics: unknown[] }[] }).CloudWatchMetrics[0]!.Metrics.length,
      ),
    ).toEqual([100, 30]);
    for (const doc of docs) {
      const named = (
        doc._aws as { CloudWatchMetrics: { Metrics: { Name: string }[] }[] }
      ).CloudWatchMetrics[0]!.Metrics.map((m) => m.Name);
      expect(Object.keys(doc).filter((key) => key.startsWith('M'))).toEqual(named);
    }
  });

  it('leaves out a dimension with an empty value, and refuses more than 30 dimensions', () => {
    const [doc] = emfDocuments(
      'NS',
      { service: 's', platform: '' },
      metrics([['Emails', { unit: 'Count', values: [1] }]]),
      1,
    );
    expect(doc).not.toHaveProperty('platform');
    expect((doc!._aws as { CloudWatchMetrics: { Dimensions: string[][] }[] }).CloudWatchMetrics[0]!.Dimensions).toEqual(
      [['service']],
    );
    const dimensions = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`d${i}`, 'v']));
    expect(() => emfDocuments('NS', dimensions, metrics([['Emails', { unit: 'Count', values: [1] }]]), 1)).toThrow(
      /at most 30 dimensions/,
    );
  });

  it('writes no document for a metric without values', () => {
    expect(emfDocuments('NS', { service: 's' }, metrics([['Emails', { unit: 'Count', values: [] }]]), 1)).toEqual([]);
  });
});
