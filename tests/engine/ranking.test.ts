// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rankParts } from '../../engine/ranking';

const none = new Map<number, number>();
const sizes = { model: () => 4, family: () => 0, all: () => 0 };
const weights = { model: 1, family: 0, all: 0 };
// Rows 0 and 1: parts 0 ("A") and 1 ("B").
const partOf = Int32Array.from([0, 1]);

describe('ranking causal parts', () => {
  it("pools all of a part's matching claims beside the nearest's vote", () => {
    const hits = [
      { row: 0, similarity: 0.8, weight: 1 },
      { row: 1, similarity: 0.8, weight: 1 },
    ];
    const empty = { model: none, family: none, all: none };
    // The nearest alone tie: the alphabetical order decides.
    const tied = rankParts(
      { model: hits, family: [], all: [], pooled: empty },
      weights,
      partOf,
      ['A', 'B'],
      sizes,
    );
    expect(tied.map((r) => r.part)).toEqual([0, 1]);
    // B's other claims, beyond the nearest, carry it.
    const pooled = {
      model: new Map([
        [0, 0.2],
        [1, 0.6],
      ]),
      family: none,
      all: none,
    };
    const ranked = rankParts(
      { model: hits, family: [], all: [], pooled },
      weights,
      partOf,
      ['A', 'B'],
      sizes,
    );
    expect(ranked.map((r) => r.part)).toEqual([1, 0]);
    expect(ranked[0]!.score + ranked[1]!.score).toBeCloseTo(1, 9);
  });
});
