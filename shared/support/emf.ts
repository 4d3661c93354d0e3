/**
 * CloudWatch embedded metric format (EMF): the JSON documents a Lambda function writes on stdout for
 * CloudWatch to turn into metrics, one per dimension set. What the specification
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html)
 * asks of them, and its limits: a directive holds at most 100 metrics, a metric at most 100 values, a
 * dimension set at most 30 dimensions; a dimension with an empty value is not a dimension CloudWatch
 * can keep, so it is left out.
 *
 * Ours rather than Powertools Metrics (the cold-start targets, test/bench/RESULTS.md): the service writes a handful of catalogue metrics
 * (metric-catalogue.ts), and Powertools carried 13 KB and a few milliseconds into every function's
 * cold start for them.
 */

export type EmfUnit = 'Count' | 'Milliseconds';

export interface EmfMetric {
  unit: EmfUnit;
  values: readonly number[];
}

/** The specification's limits. */
export const EMF_LIMITS = { metricsPerDocument: 100, valuesPerMetric: 100, dimensionsPerSet: 30 } as const;

/**
 * The documents for one dimension set: `dimensions` in their order (the set's names), each metric's
 * values, split over as many documents as the limits ask. A metric's one value is written as a number,
 * more as an array.
 */
export function emfDocuments(
  namespace: string,
  dimensions: Readonly<Record<string, string>>,
  metrics: ReadonlyMap<string, EmfMetric>,
  timestamp: number,
): Record<string, unknown>[] {
  const kept = Object.entries(dimensions).filter(([, value]) => value !== '');
  if (kept.length > EMF_LIMITS.dimensionsPerSet)
    throw new RangeError(
      `An EMF dimension set holds at most ${EMF_LIMITS.dimensionsPerSet} dimensions, not ${kept.length}`,
    );
  // One chunk per metric and run of at most 100 values; then at most 100 chunks per document, a name once per document.
  const chunks: [string, EmfMetric][] = [];
  for (const [name, metric] of metrics) {
    for (let i = 0; i < metric.values.length; i += EMF_LIMITS.valuesPerMetric)
      chunks.push([name, { unit: metric.unit, values: metric.values.slice(i, i + EMF_LIMITS.valuesPerMetric) }]);
  }
  const documents: [string, EmfMetric][][] = [];
  for (const chunk of chunks) {
    const open = documents.find(
      (doc) => doc.length < EMF_LIMITS.metricsPerDocument && !doc.some(([name]) => name === chunk[0]),
    );
    if (open) open.push(chunk);
    else documents.push([chunk]);
  }
  return documents.map((doc) => ({
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [kept.map(([name]) => name)],
          Metrics: doc.map(([name, { unit }]) => ({ Name: name, Unit: unit })),
        },
      ],
    },
    ...Object.fromEntries(kept),
    ...Object.fromEntries(doc.map(([name, { values }]) => [name, values.length === 1 ? values[0] : values])),
  }));
}
