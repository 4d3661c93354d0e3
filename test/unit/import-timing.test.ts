/**
 * The bundles bench's timing and verdicts (test/bench/import-timing.ts): rounds that time every
 * bundle alike, an interval that holds the true ratio as often as it claims, and verdicts that call
 * a ratio over or under a target only when the whole interval is.
 */
import { describe, expect, it } from 'vitest';
import { estimateRatio, referenceResamples, seededRandom, timeInRounds, verdictOf } from '../bench/import-timing.ts';

/** Import times around `median` ms, spread as on the bench machine (lognormal, ~13 %). */
function imports(median: number, n: number, random: () => number): number[] {
  return Array.from({ length: n }, () => {
    const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return median * Math.exp(0.13 * gaussian);
  });
}

describe('timeInRounds', () => {
  const names = Array.from({ length: 25 }, (_, i) => `f${i}`);

  it('times each bundle once per round, the reference before every ten others, in a new order each round', () => {
    const order: string[] = [];
    const samples = new Map<string, number[]>();
    timeInRounds(['ref', ...names], 'ref', 3, (name) => (order.push(name), 1), samples, seededRandom(1));
    for (const name of names) expect(samples.get(name)).toHaveLength(3);
    expect(samples.get('ref')).toHaveLength(3 * 3);
    const rounds = [0, 1, 2].map((r) => order.slice(r * 28, (r + 1) * 28));
    for (const round of rounds) {
      expect([0, 11, 22].map((i) => round[i])).toEqual(['ref', 'ref', 'ref']);
      expect(round.filter((n) => n !== 'ref').sort()).toEqual([...names].sort());
    }
    expect(rounds[0]).not.toEqual(rounds[1]);
  });

  it('adds to the samples it is given, and repeats its order for the same seed', () => {
    const run = () => {
      const order: string[] = [];
      const samples = new Map([['f0', [5]]]);
      timeInRounds(['ref', ...names], 'ref', 2, (name) => (order.push(name), 1), samples, seededRandom(7));
      return { order, first: samples.get('f0') };
    };
    expect(run().first).toEqual([5, 1, 1]);
    expect(run().order).toEqual(run().order);
  });
});

describe('estimateRatio', () => {
  it('gives the ratio of the medians', () => {
    const random = seededRandom(3);
    const reference = [40, 41, 39, 60, 38];
    const estimate = estimateRatio([50, 52, 80, 49, 51], reference, referenceResamples(reference, random), random);
    expect(estimate.ratio).toBe(1.275); // 51 / 40
    expect(estimate.imports).toBe(5);
    expect(estimate.interval[0]).toBeLessThanOrEqual(estimate.ratio);
    expect(estimate.interval[1]).toBeGreaterThanOrEqual(estimate.ratio);
  });

  it('holds the true ratio in about 90 % of runs, and narrows as imports are added', () => {
    const random = seededRandom(11);
    const truth = 1.2;
    let covered = 0;
    const widths = { few: 0, many: 0 };
    const runs = 60;
    for (let run = 0; run < runs; run++) {
      const reference = imports(40, 63, random);
      const medians = referenceResamples(reference, random);
      const few = estimateRatio(imports(40 * truth, 21, random), reference, medians, random);
      const many = estimateRatio(imports(40 * truth, 61, random), reference, medians, random);
      if (few.interval[0] <= truth && truth <= few.interval[1]) covered++;
      widths.few += few.interval[1] - few.interval[0];
      widths.many += many.interval[1] - many.interval[0];
    }
    expect(covered / runs).toBeGreaterThan(0.75);
    expect(covered / runs).toBeLessThan(1);
    expect(widths.many).toBeLessThan(widths.few * 0.8);
  });
});

describe('verdictOf', () => {
  const at = (low: number, high: number) => ({ ratio: (low + high) / 2, interval: [low, high] as [number, number], imports: 21 });
  it('is under or over a target only when the whole interval is', () => {
    expect(verdictOf(at(1.1, 1.25), 1.25)).toBe('under');
    expect(verdictOf(at(1.26, 1.4), 1.25)).toBe('over');
    expect(verdictOf(at(1.2, 1.3), 1.25)).toBe('unclear');
    expect(verdictOf(at(1.25, 1.3), 1.25)).toBe('unclear');
  });
});
