import type { Calibration } from './types';

/*
 * From the engine's raw score to a probability that means what it says: isotonic regression
 * (pool-adjacent-violators) over held-out answers, each known right or wrong. The result is
 * the non-decreasing map that best fits their rates; between its points it is read linearly,
 * and beyond the ends it holds the end's value.
 */

export interface CalibrationPoint {
  score: number;
  correct: boolean;
}

/** Before any fitting: the raw score as it is. */
export const IDENTITY_CALIBRATION: Calibration = { scores: [0, 1], probabilities: [0, 1] };

export function fitIsotonic(points: readonly CalibrationPoint[]): Calibration {
  if (points.length === 0) return IDENTITY_CALIBRATION;
  const sorted = [...points].sort((a, b) => a.score - b.score);
  // Blocks of (sum of scores, sum of hits, count); equal scores start in one block.
  const score: number[] = [];
  const hits: number[] = [];
  const count: number[] = [];
  for (const p of sorted) {
    const last = score.length - 1;
    if (last >= 0 && score[last]! / count[last]! === p.score) {
      score[last]! += p.score;
      hits[last]! += p.correct ? 1 : 0;
      count[last]!++;
    } else {
      score.push(p.score);
      hits.push(p.correct ? 1 : 0);
      count.push(1);
    }
    // Pool while the new block's rate is not above the one before it.
    while (score.length > 1) {
      const j = score.length - 1;
      if (hits[j - 1]! / count[j - 1]! < hits[j]! / count[j]!) break;
      score[j - 1]! += score[j]!;
      hits[j - 1]! += hits[j]!;
      count[j - 1]! += count[j]!;
      score.pop();
      hits.pop();
      count.pop();
    }
  }
  return {
    scores: score.map((s, i) => s / count[i]!),
    probabilities: hits.map((h, i) => h / count[i]!),
  };
}

export function calibrate(calibration: Calibration, raw: number): number {
  const { scores, probabilities } = calibration;
  const n = Math.min(scores.length, probabilities.length);
  if (n === 0) return Math.min(1, Math.max(0, raw));
  if (raw <= scores[0]!) return probabilities[0]!;
  if (raw >= scores[n - 1]!) return probabilities[n - 1]!;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (scores[mid]! <= raw) lo = mid;
    else hi = mid;
  }
  const span = scores[hi]! - scores[lo]!;
  const t = span > 0 ? (raw - scores[lo]!) / span : 0;
  return probabilities[lo]! + t * (probabilities[hi]! - probabilities[lo]!);
}
