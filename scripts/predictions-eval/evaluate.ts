import type { ClaimEvidence } from '../../contract/predictions';
import { createEngine } from '../../engine';
import { frequencyBaseline } from './baseline';
import { splitByDate } from './date-split';
import { MetricsCollector, type Metrics } from './metrics';

/* One evaluation: cut by date, learn, calibrate on the held-out middle, test on the newest. */

export interface Evaluation {
  split: { learn: number; calibrate: number; test: number; leftOutForSerial: number };
  engine: Metrics;
  baseline: Metrics;
  timings: { buildMs: number; calibrateMs: number; queryP50Ms: number; queryP95Ms: number };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export function evaluate(rows: readonly ClaimEvidence[]): Evaluation {
  const split = splitByDate(rows);
  let t = performance.now();
  // Built twice on purpose: the timing of a build alone, then the engine with its calibration.
  createEngine(split.learn, { calibration: { scores: [0, 1], probabilities: [0, 1] } });
  const buildMs = performance.now() - t;
  t = performance.now();
  const engine = createEngine(split.learn, { calibrationRows: split.calibrate });
  const calibrateMs = performance.now() - t - buildMs;
  const baseline = frequencyBaseline(split.learn);
  const ours = new MetricsCollector();
  const theirs = new MetricsCollector();
  const times: number[] = [];
  for (const claim of split.test) {
    const start = performance.now();
    const answers = engine.predict({
      model: claim.model,
      family: claim.family,
      symptom: claim.symptom,
    });
    times.push(performance.now() - start);
    ours.add(claim, answers);
    theirs.add(claim, baseline(claim.model));
  }
  times.sort((a, b) => a - b);
  return {
    split: {
      learn: split.learn.length,
      calibrate: split.calibrate.length,
      test: split.test.length,
      leftOutForSerial: split.leftOutForSerial,
    },
    engine: ours.result(),
    baseline: theirs.result(),
    timings: {
      buildMs,
      calibrateMs: Math.max(0, calibrateMs),
      queryP50Ms: percentile(times, 0.5),
      queryP95Ms: percentile(times, 0.95),
    },
  };
}
