// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bootstrapIntervals, headline } from '../../scripts/predictions-eval/intervals';
import { knnBaseline } from '../../scripts/predictions-eval/knn-baseline';
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
});
