/**
 * How the bundles bench times imports and decides whether a ratio is over a target (the cold-start targets, test/bench/RESULTS.md).
 *
 * One import in a fresh Node process varies a lot on this 2-core machine: the DynamoDB reference's
 * coefficient of variation is 13-17 %, with no steal time and whatever the estimator (median, lower
 * quartile, CPU time rather than wall time). The variation is slow: 300 imports in a row correlate
 * 0.52 with the next, 0.22 five later, none twenty later, and their means of 20 range 37-51 ms. So
 * a ratio of two medians taken at different moments is off by whatever the machine did meanwhile
 * (one run's ratio of 15-import medians moved by ~0.1). Each import of a bundle is therefore taken
 * between two of the reference, and its ratio is to their geometric mean (`timeInRounds`); a bundle's
 * ratio is the median of its ratios over rounds in a new shuffled order each, far enough apart to
 * be independent, so that a bootstrap over them gives an honest interval (`estimateRatio`). A ratio
 * is over a target only when its whole interval is (`verdictOf`); one whose interval holds the
 * target is timed more, and what is still undecided after that is reported as unclear.
 */
import { quantile } from './stats.ts';

/** Resamples of each bootstrap interval. */
const RESAMPLES = 2000;
/**
 * The interval's two-sided confidence: 98 %, not 90 %, because a function near the target is looked
 * at up to five times (`decideImports` stops at the first decisive look), and every look is another
 * chance to call it over or under by luck; at 1 % a side per look, at most about 5 % in all.
 */
export const CONFIDENCE = 0.98;
/** The confidence as the bench prints it (`98 %`). */
export const CONFIDENCE_LABEL = `${Math.round(CONFIDENCE * 100)} %`;

/** A small seeded generator (mulberry32), so that a run's order and intervals can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Each bundle's import times, and its ratio to the reference imports around each of them. */
export interface Timings {
  times: Map<string, number[]>;
  ratios: Map<string, number[]>;
}

export const noTimings = (): Timings => ({ times: new Map(), ratios: new Map() });

/**
 * Times `rounds` imports of each name, one per round in a shuffled order, each between two imports
 * of the reference (ref, a, ref, b, ref, ...: one more reference import than names per round); adds
 * each import's time and its ratio to the geometric mean of the two around it to `into`.
 */
export function timeInRounds(
  names: readonly string[],
  reference: string,
  rounds: number,
  time: (name: string) => number,
  into: Timings,
  random: () => number,
): void {
  const add = (map: Map<string, number[]>, name: string, value: number) => {
    if (!map.has(name)) map.set(name, []);
    map.get(name)!.push(value);
  };
  const others = names.filter((name) => name !== reference);
  for (let round = 0; round < rounds; round++) {
    let before = time(reference);
    add(into.times, reference, before);
    for (const name of shuffled(others, random)) {
      const ms = time(name);
      const after = time(reference);
      add(into.times, reference, after);
      add(into.times, name, ms);
      add(into.ratios, name, ms / Math.sqrt(before * after));
      before = after;
    }
  }
}

const median = (samples: readonly number[]) =>
  quantile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );

export interface RatioEstimate {
  /** The median of a bundle's ratios to the reference imports around each of its imports. */
  ratio: number;
  /** The bootstrap interval of that median (CONFIDENCE, two-sided). */
  interval: [number, number];
  imports: number;
}

export function estimateRatio(ratios: readonly number[], random: () => number): RatioEstimate {
  const medians = Array.from({ length: RESAMPLES }, () =>
    median(Array.from({ length: ratios.length }, () => ratios[Math.floor(random() * ratios.length)]!)),
  ).sort((a, b) => a - b);
  const tail = (1 - CONFIDENCE) / 2;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    ratio: round(median(ratios)),
    interval: [round(quantile(medians, tail)), round(quantile(medians, 1 - tail))],
    imports: ratios.length,
  };
}

export type Verdict = 'under' | 'over' | 'unclear';

/** Under the target only when the whole interval is, over only when the whole interval is. */
export function verdictOf({ interval: [low, high] }: RatioEstimate, target: number): Verdict {
  if (high <= target) return 'under';
  return low > target ? 'over' : 'unclear';
}
