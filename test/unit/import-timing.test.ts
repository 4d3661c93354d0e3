/**
 * The bundles bench's timing and verdicts (test/bench/import-timing.ts): rounds that take each
 * import between two of the reference, so that the machine's slow drift cancels out of its ratio;
 * an interval that holds the true ratio as often as it claims; verdicts that call a ratio over or
 * under a target only when the whole interval is.
 */
import { describe, expect, it } from 'vitest';
import { CONFIDENCE, estimateRatio, noTimings, seededRandom, timeInRounds, verdictOf } from '../bench/import-timing.ts';

/** Draws lognormal noise around 1, spread as one import on the bench machine (~13 %). */
function noise(random: () => number): number {
  const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.exp(0.13 * gaussian);
}

describe('timeInRounds', () => {
  const names = Array.from({ length: 25 }, (_, i) => `f${i}`);

  it('times each bundle once per round, each between two of the reference, in a new order each round', () => {
    const order: string[] = [];
    const timings = noTimings();
    timeInRounds(
      ['ref', ...names],
      'ref',
      3,
      (name) => {
        order.push(name);
        return 1;
      },
      timings,
      seededRandom(1),
    );
    for (const name of names) expect(timings.times.get(name)).toHaveLength(3);
    expect(timings.times.get('ref')).toHaveLength(3 * 26);
    expect(timings.ratios.get('ref')).toBeUndefined();
    const rounds = [0, 1, 2].map((r) => order.slice(r * 51, (r + 1) * 51));
    for (const round of rounds) {
      expect(round.filter((_, i) => i % 2 === 0).every((name) => name === 'ref')).toBe(true);
      expect(round.filter((_, i) => i % 2 === 1).sort()).toEqual([...names].sort());
    }
    expect(rounds[0]).not.toEqual(rounds[1]);
  });

  it('takes each ratio to the reference imports just before and after it, so drift between rounds cancels', () => {
    // The machine twice as slow in the second round: each bundle's time and the reference's with it.
    let clock = 0;
    const time = (name: string) => (clock++ < 51 ? 1 : 2) * (name === 'ref' ? 40 : 50);
    const timings = noTimings();
    timeInRounds(['ref', ...names], 'ref', 2, time, timings, seededRandom(3));
    for (const name of names) expect(timings.ratios.get(name)).toEqual([1.25, 1.25]);
    // The ratio of the two medians would read the drift instead whenever they fall in different rounds.
    expect(timings.times.get('f0')).toEqual([50, 100]);
  });

  it('adds to the timings it is given, and repeats its order for the same seed', () => {
    const run = () => {
      const order: string[] = [];
      const timings = noTimings();
      timings.times.set('f0', [5]);
      timeInRounds(
        ['ref', ...names],
        'ref',
        2,
        (name) => {
          order.push(name);
          return 1;
        },
        timings,
        seededRandom(7),
      );
      return { order, first: timings.times.get('f0') };
    };
    expect(run().first).toEqual([5, 1, 1]);
    expect(run().order).toEqual(run().order);
  });
});

describe('estimateRatio', () => {
  it('gives the median ratio, within its interval', () => {
    const estimate = estimateRatio([1.2, 1.3, 1.25, 1.9, 1.1], seededRandom(3));
    expect(estimate.ratio).toBe(1.25);
    expect(estimate.imports).toBe(5);
    expect(estimate.interval[0]).toBeLessThanOrEqual(1.25);
    expect(estimate.interval[1]).toBeGreaterThanOrEqual(1.25);
  });

  it('holds the true ratio as often as its confidence says, and narrows as imports are added', () => {
    const random = seededRandom(11);
    const truth = 1.2;
    let covered = 0;
    const widths = { few: 0, many: 0 };
    const runs = 120;
    // Each import and the two reference imports around it, each with its own noise.
    const ratios = (n: number) =>
      Array.from(
        { length: n },
        () => (40 * truth * noise(random)) / Math.sqrt(40 * noise(random) * 40 * noise(random)),
      );
    for (let run = 0; run < runs; run++) {
      const few = estimateRatio(ratios(21), random);
      const many = estimateRatio(ratios(61), random);
      if (few.interval[0] <= truth && truth <= few.interval[1]) covered++;
      widths.few += few.interval[1] - few.interval[0];
      widths.many += many.interval[1] - many.interval[0];
    }
    expect(covered / runs).toBeGreaterThan(CONFIDENCE - 0.06);
    // Not so wide as to hold it always by holding everything: ±2.3 standard errors of a median of 21 (~0.055 each).
    expect(widths.few / runs).toBeLessThan(0.3);
    expect(widths.many).toBeLessThan(widths.few * 0.8);
  });
});

describe('verdictOf', () => {
  const at = (low: number, high: number) => ({
    ratio: (low + high) / 2,
    interval: [low, high] as [number, number],
    imports: 21,
  });
  it('is under or over a target only when the whole interval is', () => {
    expect(verdictOf(at(1.1, 1.25), 1.25)).toBe('under');
    expect(verdictOf(at(1.26, 1.4), 1.25)).toBe('over');
    expect(verdictOf(at(1.2, 1.3), 1.25)).toBe('unclear');
    expect(verdictOf(at(1.25, 1.3), 1.25)).toBe('unclear');
  });
});
