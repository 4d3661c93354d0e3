/**
 * How the bundles bench times imports and decides whether a ratio is over a target (issue 25).
 *
 * One import in a fresh Node process varies a lot on this 2-core machine: the DynamoDB reference's
 * coefficient of variation is about 13 %, in two modes (31-49 ms), with no steal time and whatever
 * the estimator (median, lower quartile, CPU time rather than wall time). A ratio of two medians of
 * 15 imports therefore moves by about ±0.1 from run to run: more than a function's own code adds.
 * So each bundle is timed in rounds, one import of each per round in a new shuffled order, with the
 * reference timed again every REFERENCE_EVERY imports, so that drift hits every bundle alike; and
 * each ratio comes with a bootstrap interval. A ratio is over a target only when its whole interval
 * is; one whose interval holds the target is timed more (`decide`), and what is still undecided
 * after that is reported as unclear, not as over or under.
 */
import { quantile } from './stats.ts';

/** A reference import between every this many imports of the others. */
const REFERENCE_EVERY = 10;
/** Resamples of each bootstrap interval. */
const RESAMPLES = 2000;
/** The interval's two-sided confidence. */
const CONFIDENCE = 0.9;

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

/**
 * Times `rounds` imports of each name: per round one import of each in a shuffled order, and one of
 * the reference first and after every REFERENCE_EVERY others. Appends to `samples` (the reference's
 * included), so more rounds can be added to a first timing.
 */
export function timeInRounds(names: readonly string[], reference: string, rounds: number, time: (name: string) => number, samples: Map<string, number[]>, random: () => number): void {
  const add = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms]);
  const others = names.filter((name) => name !== reference);
  for (let round = 0; round < rounds; round++) {
    shuffled(others, random).forEach((name, i) => {
      if (i % REFERENCE_EVERY === 0) add(reference, time(reference));
      add(name, time(name));
    });
  }
}

const median = (samples: readonly number[]) => quantile([...samples].sort((a, b) => a - b), 0.5);

function resampledMedian(samples: readonly number[], random: () => number): number {
  const draw = Array.from({ length: samples.length }, () => samples[Math.floor(random() * samples.length)]!);
  return median(draw);
}

export interface RatioEstimate {
  /** Median of the bundle's imports / median of the reference's. */
  ratio: number;
  /** The bootstrap interval of that ratio (CONFIDENCE, two-sided). */
  interval: [number, number];
  imports: number;
}

/**
 * The reference's resampled medians, drawn once and shared by every bundle's interval (each bundle's
 * own imports are resampled independently of them, so pairing the i-th of each is still a bootstrap).
 */
export function referenceResamples(referenceSamples: readonly number[], random: () => number): number[] {
  return Array.from({ length: RESAMPLES }, () => resampledMedian(referenceSamples, random));
}

export function estimateRatio(samples: readonly number[], referenceSamples: readonly number[], referenceMedians: readonly number[], random: () => number): RatioEstimate {
  const ratios = referenceMedians.map((referenceMedian) => resampledMedian(samples, random) / referenceMedian).sort((a, b) => a - b);
  const tail = (1 - CONFIDENCE) / 2;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { ratio: round(median(samples) / median(referenceSamples)), interval: [round(quantile(ratios, tail)), round(quantile(ratios, 1 - tail))], imports: samples.length };
}

export type Verdict = 'under' | 'over' | 'unclear';

/** Under the target only when the whole interval is, over only when the whole interval is. */
export function verdictOf({ interval: [low, high] }: RatioEstimate, target: number): Verdict {
  if (high <= target) return 'under';
  return low > target ? 'over' : 'unclear';
}
