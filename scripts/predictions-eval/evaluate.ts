import type { ClaimEvidence } from '../../contract/predictions';
import { evenSample } from '../../engine';
import { buildEngine, calibrationCut } from '../../engine/build';
import { frequencyBaseline } from './baseline';
import { splitByDate } from './date-split';
import type { PredictionQuality } from '../../contract/prediction-quality';
import {
  bootstrapIntervals,
  eceNoise,
  headline,
  percentile,
  type Headline,
  type Intervals,
} from './intervals';
import { knnBaseline } from './knn-baseline';
import { MetricsCollector, type Metrics } from './metrics';
import { qualityOf } from './quality';

/*
 * One evaluation of the engine the gateway would have built on the test's first day: it learns
 * from every claim older than the test, its calibration fitted on the newest of those as the
 * gateway fits it (`buildEngine`). Beside it, on the same claims, the baselines: the model's
 * most frequent part and the plain nearest-neighbour search. Then the same over several cut
 * dates (rolling origin), for figures that do not hang on one cut.
 */

export interface Fold {
  from: number;
  to: number;
  test: number;
  engine: Headline;
  knn: Headline;
}

export interface Evaluation {
  /** `calibrate`: the newest of the learning claims, held out to fit the probabilities. */
  split: { learn: number; calibrate: number; test: number; leftOutForSerial: number };
  engine: Metrics;
  baseline: Metrics;
  /** The nearest-neighbour baseline, over at most `knnMax` test claims evenly spread. */
  knn: Metrics;
  /** Claims the nearest-neighbour baseline learned from: the newest `knnLearnMax` of the engine's. */
  knnLearned: number;
  /** Bootstrap 90 % intervals over the tested claims. */
  intervals: { engine: Intervals; knn: Intervals };
  /** The engine's ECE were it perfectly calibrated: the floor its measured ECE is read against. */
  eceNoise: ReturnType<typeof eceNoise>;
  /** The engine's hits by month and model, as the Predictions quality page shows them. */
  quality: PredictionQuality;
  /** The mean over rolling cut dates; null when not asked for. */
  rolling: { folds: Fold[]; mean: { engine: Headline; knn: Headline } } | null;
  /** `buildMs`: the gateway's whole build, calibration included. */
  timings: { buildMs: number; queryP50Ms: number; queryP95Ms: number };
}

export interface EvaluateOptions {
  /** Rolling-origin test windows over the newest 40 % (0: none). Default 4 up to 100,000 rows. */
  folds?: number;
  /** Test claims the nearest-neighbour baseline answers at most (it is slow on many). */
  knnMax?: number;
  /** Claims it learns from at most (its plain index takes ~1 KB a claim). */
  knnLearnMax?: number;
}

const queryOf = (claim: ClaimEvidence) => ({
  model: claim.model,
  family: claim.family,
  symptom: claim.symptom,
});

/** Engine and nearest-neighbour figures for one test window. */
function fold(rows: readonly ClaimEvidence[], from: number, to: number, knnMax: number): Fold {
  const split = splitByDate(rows, { from, to });
  const engine = buildEngine(split.learn);
  const knn = knnBaseline(split.learn);
  const ours = new MetricsCollector();
  const theirs = new MetricsCollector();
  for (const claim of evenSample(split.test, knnMax)) {
    ours.add(claim, engine.predict(queryOf(claim)));
    theirs.add(claim, knn(claim.symptom));
  }
  return {
    from,
    to,
    test: ours.outcomes.length,
    engine: headline(ours.outcomes),
    knn: headline(theirs.outcomes),
  };
}

function mean(list: readonly Headline[]): Headline {
  const n = Math.max(1, list.length);
  const sum = (k: keyof Headline) => list.reduce((s, h) => s + h[k], 0) / n;
  return { top1: sum('top1'), top3: sum('top3'), top5: sum('top5'), ece: sum('ece') };
}

export function evaluate(
  rows: readonly ClaimEvidence[],
  options: EvaluateOptions = {},
): Evaluation {
  const folds = options.folds ?? (rows.length <= 100_000 ? 4 : 0);
  const knnMax = options.knnMax ?? 20_000;
  const split = splitByDate(rows);
  const t = performance.now();
  const engine = buildEngine(split.learn);
  const buildMs = performance.now() - t;
  const baseline = frequencyBaseline(split.learn);
  const ours = new MetricsCollector();
  const theirs = new MetricsCollector();
  const times: number[] = [];
  for (const claim of split.test) {
    const start = performance.now();
    const answers = engine.predict(queryOf(claim));
    times.push(performance.now() - start);
    ours.add(claim, answers);
    theirs.add(claim, baseline(claim.model));
  }
  const knnLearned = split.learn.slice(-(options.knnLearnMax ?? 200_000));
  const knn = knnBaseline(knnLearned);
  const near = new MetricsCollector();
  for (const claim of evenSample(split.test, knnMax)) near.add(claim, knn(claim.symptom));
  times.sort((a, b) => a - b);

  let rolling: Evaluation['rolling'] = null;
  if (folds > 0) {
    const width = 0.4 / folds;
    const list = Array.from({ length: folds }, (_, i) =>
      fold(rows, 0.6 + i * width, 0.6 + (i + 1) * width, knnMax),
    );
    rolling = {
      folds: list,
      mean: { engine: mean(list.map((f) => f.engine)), knn: mean(list.map((f) => f.knn)) },
    };
  }
  return {
    split: {
      learn: split.learn.length,
      calibrate: split.learn.length - calibrationCut(split.learn.length),
      test: split.test.length,
      leftOutForSerial: split.leftOutForSerial,
    },
    engine: ours.result(),
    baseline: theirs.result(),
    knn: near.result(),
    knnLearned: knnLearned.length,
    intervals: {
      engine: bootstrapIntervals(ours.outcomes),
      knn: bootstrapIntervals(near.outcomes),
    },
    eceNoise: eceNoise(ours.outcomes),
    quality: qualityOf(split.test, ours.outcomes),
    rolling,
    timings: {
      buildMs,
      queryP50Ms: percentile(times, 0.5),
      queryP95Ms: percentile(times, 0.95),
    },
  };
}
