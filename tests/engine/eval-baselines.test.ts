// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { predictionQualitySchema } from '../../contract/prediction-quality';
import { bootstrapIntervals, eceNoise, headline } from '../../scripts/predictions-eval/intervals';
import { knnBaseline } from '../../scripts/predictions-eval/knn-baseline';
import { qualityOf } from '../../scripts/predictions-eval/quality';
import { claim } from './claims-fixture';

describe('the evaluation baselines and intervals', () => {
  it('the nearest-neighbour baseline votes with similarity squared over character 4-grams', () => {
    const rows = [
      claim('M', null, 'hydraulic oil leak at loader valve', 'VALVE'),
      claim('M', null, 'hydraulic oil leaking loader valve', 'VALVE'),
      claim('M', null, 'engine will not start', 'STARTER'),
    ];
    const answers = knnBaseline(rows)('hydralic oil leek loader valve');
    expect(answers[0]!.causalPart).toBe('VALVE');
    expect(answers[0]!.probability).toBeGreaterThan(0.9);
    expect(knnBaseline(rows)('zzz')).toEqual([]);
  });

  it('bootstrap intervals hold the figures and repeat from run to run', () => {
    const outcomes = Array.from({ length: 200 }, (_, i) => ({
      rank: i % 4 === 0 ? 0 : (i % 3) + 1,
      top: 0.5,
    }));
    const h = headline(outcomes);
    const a = bootstrapIntervals(outcomes, 200);
    expect(a).toEqual(bootstrapIntervals(outcomes, 200));
    for (const key of ['top1', 'top3', 'top5', 'ece'] as const) {
      expect(a[key][0]).toBeLessThanOrEqual(h[key]);
      expect(a[key][1]).toBeGreaterThanOrEqual(h[key]);
    }
  });

  it('a perfectly calibrated ranker still shows an ECE, smaller on more claims', () => {
    const some = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ rank: 1, top: 0.05 + ((i * 7) % 19) / 20 }));
    const few = eceNoise(some(300));
    const many = eceNoise(some(30_000), 50);
    expect(few.mean).toBeGreaterThan(0.01);
    expect(many.mean).toBeLessThan(few.mean / 4);
    expect(few.interval[0]).toBeLessThanOrEqual(few.mean);
    expect(few.interval[1]).toBeGreaterThanOrEqual(few.mean);
    expect(eceNoise(some(300))).toEqual(few);
  });

  it('counts the tested claims as the quality page counts predictions', () => {
    const tested = [
      claim('M7', null, 'a', 'P', { date: '2025-02-03' }),
      claim('M7', null, 'b', 'P', { date: '2025-01-30' }),
      claim('R5', null, 'c', 'P', { date: '2025-02-14' }),
      claim('M7', null, 'd', 'P', { date: '2025-02-20' }),
    ];
    const outcomes = [1, 3, 0, 5].map((rank) => ({ rank, top: 0.5 }));
    const quality = qualityOf(tested, outcomes);
    expect(predictionQualitySchema.safeParse(quality).success).toBe(true);
    expect(quality.months).toEqual([
      { month: '2025-01', settled: 1, top1: 0, top3: 1, top5: 1 },
      { month: '2025-02', settled: 3, top1: 1, top3: 1, top5: 2 },
    ]);
    expect(quality.models).toEqual([
      { model: 'M7', settled: 3, top1: 1, top3: 2, top5: 3 },
      { model: 'R5', settled: 1, top1: 0, top3: 0, top5: 0 },
    ]);
  });
});
