/** Order statistics of a sample, in the sample's unit. */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { n: sorted.length, median: round(quantile(sorted, 0.5)), p99: round(quantile(sorted, 0.99)) };
}
