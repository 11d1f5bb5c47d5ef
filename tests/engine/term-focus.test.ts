// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { termFocus } from '../../engine/term-focus';

/** Claims as [terms, causal part]: each stands for one claim. */
function focusOver(claims: [string[], string][]) {
  return termFocus(
    claims.length,
    (i) => claims[i]![0],
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
  const focus = focusOver(claims);

  it('is high for a word whose claims name one part, low for one spread over many', () => {
    expect(focus.get('gaskets')).toBeGreaterThan(0.7);
    expect(focus.get('replaced')).toBeLessThan(0.2);
    // Half of its claims name the gasket: between the two.
    expect(focus.get('leaking')).toBeGreaterThan(focus.get('replaced')!);
    expect(focus.get('leaking')).toBeLessThan(focus.get('gaskets')!);
  });

  it('trusts a word of one claim less than one of twenty that name the same part', () => {
    expect(focus.get('gizmo')).toBeLessThan(focus.get('gaskets')!);
    expect(focus.get('gizmo')).toBeGreaterThan(0);
  });

  it('weighs a claim that stands for many as many claims, and rounds to a thousandth', () => {
    const once = termFocus(
      2,
      (i) => [['pump'], ['pump']][i]!,
      (i) => ['PUMP', 'SEAL'][i]!,
      (i) => [9, 1][i]!,
    );
    const repeated = focusOver([
      ...Array.from({ length: 9 }, (): [string[], string] => [['pump'], 'PUMP']),
      [['pump'], 'SEAL'],
    ]);
    expect(once.get('pump')).toBe(repeated.get('pump'));
    for (const f of focus.values()) expect(Math.round(f * 1000) / 1000).toBe(f);
  });
});
