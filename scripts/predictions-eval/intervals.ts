import { mulberry32 } from '../../gateway/seed/prng';
import type { Outcome } from './metrics';

/*
 * How sure the figures are: top-1/3/5 and the expected calibration error recomputed over
 * bootstrap resamples of the tested claims (with replacement, a seeded PRNG so a run repeats),
 * reported as the 90 % interval (5th to 95th percentile).
 */

export interface Headline {
  top1: number;
  top3: number;
  top5: number;
  ece: number;
}

export type Intervals = { [K in keyof Headline]: [number, number] };

/** The figures over some claims, by index (a claim may come more than once). */
export function headline(outcomes: readonly Outcome[], picks?: ArrayLike<number>): Headline {
  const n = picks ? picks.length : outcomes.length;
  const hits = [0, 0, 0];
  const bins = Array.from({ length: 10 }, () => ({ count: 0, probability: 0, correct: 0 }));
  let answered = 0;
  for (let i = 0; i < n; i++) {
    const o = outcomes[picks ? picks[i]! : i]!;
    if (o.rank === 1) hits[0]!++;
    if (o.rank >= 1 && o.rank <= 3) hits[1]!++;
    if (o.rank >= 1 && o.rank <= 5) hits[2]!++;
    if (o.top === null) continue;
    answered++;
    const bin = bins[Math.min(9, Math.floor(o.top * 10))]!;
    bin.count++;
    bin.probability += o.top;
    bin.correct += o.rank === 1 ? 1 : 0;
  }
  let ece = 0;
  for (const b of bins) {
    if (b.count)
      ece +=
        (b.count / Math.max(1, answered)) * Math.abs(b.correct / b.count - b.probability / b.count);
  }
  const d = Math.max(1, n);
  return { top1: hits[0]! / d, top3: hits[1]! / d, top5: hits[2]! / d, ece };
}

export function bootstrapIntervals(
  outcomes: readonly Outcome[],
  resamples = 1000,
  seed = 20240917,
): Intervals {
  const random = mulberry32(seed);
  const n = outcomes.length;
  const picks = new Int32Array(n);
  const draws: Headline[] = [];
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < n; i++) picks[i] = Math.floor(random() * n);
    draws.push(headline(outcomes, picks));
  }
  const interval = (key: keyof Headline) => ninetyPercent(draws.map((d) => d[key]));
  return {
    top1: interval('top1'),
    top3: interval('top3'),
    top5: interval('top5'),
    ece: interval('ece'),
  };
}

/**
 * The ECE that a perfectly calibrated ranker would still show on these claims: each top answer
 * drawn right with exactly its probability, the same deciles. On a thousand claims this noise
 * alone is a few hundredths, so a measured ECE is read against it, not against zero.
 */
export function eceNoise(
  outcomes: readonly Outcome[],
  draws = 200,
  seed = 20240917,
): { mean: number; interval: [number, number] } {
  const random = mulberry32(seed);
  const values: number[] = [];
  for (let d = 0; d < draws; d++) {
    const drawn = outcomes.map((o) => ({
      rank: o.top !== null && random() < o.top ? 1 : 0,
      top: o.top,
    }));
    values.push(headline(drawn).ece);
  }
  const mean = values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
  return { mean, interval: ninetyPercent(values) };
}

/** The value below which a share `p` of sorted values lie (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** The 5th and 95th percentiles of some draws. */
function ninetyPercent(draws: readonly number[]): [number, number] {
  const values = [...draws].sort((a, b) => a - b);
  return [percentile(values, 0.05), percentile(values, 0.95)];
}
