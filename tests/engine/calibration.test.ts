// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calibrate, fitCalibration, fitIsotonic, type CalibrationPoint } from '../../engine';
import { buildEngine, calibrationCut } from '../../engine/build';
import { mulberry32 } from '../../gateway/seed/prng';
import { CLAIMS } from './claims-fixture';

describe('calibration (isotonic regression)', () => {
  it('recovers known rates: answers scored s are right with probability s²', () => {
    const next = mulberry32(11);
    const points: CalibrationPoint[] = [];
    for (let i = 0; i < 40_000; i++) {
      const score = next();
      points.push({ score, correct: next() < score * score });
    }
    const map = fitIsotonic(points);
    for (const s of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      expect(Math.abs(calibrate(map, s) - s * s)).toBeLessThan(0.04);
    }
    // Monotone, in [0, 1], ascending points.
    for (let i = 1; i < map.scores.length; i++) {
      expect(map.scores[i]!).toBeGreaterThan(map.scores[i - 1]!);
      expect(map.probabilities[i]!).toBeGreaterThanOrEqual(map.probabilities[i - 1]!);
    }
  });

  it('pools adjacent violators into their mean', () => {
    const p = (score: number, correct: boolean) => ({ score, correct });
    // 0.2 is right, 0.4 wrong: a violation, pooled to 1/2 over both.
    const map = fitIsotonic([p(0.2, true), p(0.4, false), p(0.6, true), p(0.8, true)]);
    expect(map.probabilities).toEqual([0.5, 1]);
    expect(map.scores).toEqual([0.30000000000000004, 0.7]);
    expect(calibrate(map, 0)).toBe(0.5);
    expect(calibrate(map, 0.5)).toBeCloseTo(0.75);
    expect(calibrate(map, 1)).toBe(1);
  });

  it('reads the map as the identity before any fitting', () => {
    expect(calibrate(fitIsotonic([]), 0.42)).toBe(0.42);
  });
});

describe('the engine as the gateway builds it', () => {
  it('fits its probabilities on its newest fifth of claims, answered by an engine over the rest', () => {
    // Ten claims by date; the map of the build is the one fitted on the newest two.
    const rows = CLAIMS.slice(0, 10).map((c, i) => ({ ...c, date: `2025-01-${10 + i}` }));
    const built = buildEngine(rows);
    expect(calibrationCut(rows.length)).toBe(8);
    expect(built.calibration).toEqual(fitCalibration(rows.slice(0, 8), rows.slice(8)));
    expect(built.calibration).not.toEqual(fitCalibration(rows.slice(0, 7), rows.slice(7)));
  });
});
