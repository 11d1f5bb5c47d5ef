// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { termCounts } from '../../engine/term-focus';

/** Claims as [terms, causal part]: each stands for one claim. */
function countsOver(claims: [string[], string][]) {
  return termCounts<string>(
    claims.length,
    (i, visit) => claims[i]![0].forEach(visit),
    (i) => claims[i]![1],
    () => 1,
  );
}

describe('term focus', () => {
  const claims: [string[], string][] = [
    ...Array.from({ length: 20 }, (): [string[], string] => [['gaskets', 'leaking'], 'GASKET']),
    ...Array.from({ length: 20 }, (_, i): [string[], string] => [
      ['leaking', 'replaced'],
      ['SEAL', 'HOSE', 'PUMP', 'VALVE'][i % 4]!,
    ]),
    [['gizmo'], 'GIZMO'],
  ];
  const { df, focus } = countsOver(claims);

  it('is high for a word whose claims name one part, low for one spread over many', () => {
    expect(focus.get('gaskets')).toBeGreaterThan(0.7);
    expect(focus.get('replaced')).toBeLessThan(0.2);
    // Half of its claims name the gasket: between the two.
    expect(focus.get('leaking')).toBeGreaterThan(focus.get('replaced')!);
    expect(focus.get('leaking')).toBeLessThan(focus.get('gaskets')!);
  });

  it("counts each word's claims beside its focus", () => {
    expect(df.get('leaking')).toBe(40);
    expect(df.get('gaskets')).toBe(20);
    expect(df.get('gizmo')).toBe(1);
  });

  it('trusts a word of one claim less than one of twenty that name the same part', () => {
    expect(focus.get('gizmo')).toBeLessThan(focus.get('gaskets')!);
    expect(focus.get('gizmo')).toBeGreaterThan(0);
  });

  it('weighs a claim that stands for many as many claims, and rounds to a thousandth', () => {
    const once = termCounts<string>(
      2,
      (_, visit) => visit('pump'),
      (i) => ['PUMP', 'SEAL'][i]!,
      (i) => [9, 1][i]!,
    );
    const repeated = countsOver([
      ...Array.from({ length: 9 }, (): [string[], string] => [['pump'], 'PUMP']),
      [['pump'], 'SEAL'],
    ]);
    expect(once.focus.get('pump')).toBe(repeated.focus.get('pump'));
    expect(once.df.get('pump')).toBe(10);
    for (const f of focus.values()) expect(Math.round(f * 1000) / 1000).toBe(f);
  });
});
