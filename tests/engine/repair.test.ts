// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../engine';
import { commonPartsSet, medianLabour, partsKey } from '../../engine/repair';
import { claim } from './claims-fixture';

const part = (partNumber: string, quantity = 1) => ({
  partNumber,
  description: `Part ${partNumber}`,
  quantity,
});

describe('parts set and labour rules', () => {
  it('takes the most common parts set, quantities included, whatever the listing order', () => {
    const sets = [
      [part('B'), part('A', 2)],
      [part('A', 2), part('B')],
      [part('A', 1), part('B')],
      [part('C')],
    ];
    const claims = sets.map((parts) => claim('M', null, 'x', 'A', { parts }));
    expect(commonPartsSet(claims)).toEqual([part('A', 2), part('B')]);
    expect(partsKey([part('B'), part('A', 2)])).toBe('A:2;B:1');
  });

  it('gives equal counts to the set seen first (the closest claims come first)', () => {
    const claims = [
      claim('M', null, 'x', 'A', { parts: [part('Z')] }),
      claim('M', null, 'x', 'A', { parts: [part('Y')] }),
      claim('M', null, 'x', 'A', { parts: [part('Y')] }),
      claim('M', null, 'x', 'A', { parts: [part('Z')] }),
    ];
    expect(commonPartsSet(claims)).toEqual([part('Z')]);
    expect(commonPartsSet([])).toEqual([]);
  });

  it('takes the median of the recorded labour, rounded to whole hours', () => {
    const labour = (hours: (number | null)[]) =>
      medianLabour(hours.map((labourHours) => claim('M', null, 'x', 'A', { labourHours })));
    expect(labour([1, 9, 2])).toBe(2);
    expect(labour([1, 2, 3, 4])).toBe(3); // 2.5 rounds up
    expect(labour([1.2, 1.4, null])).toBe(1);
    expect(labour([null, null])).toBeNull();
    expect(labour([])).toBeNull();
  });

  it('answers with the parts and labour of the neighbours that had that causal part', () => {
    const rows = [
      claim('M', null, 'pump leaks oil', 'SEAL', {
        parts: [part('SEAL'), part('ORING', 2)],
        labourHours: 3,
      }),
      claim('M', null, 'pump leaking oil', 'SEAL', {
        parts: [part('SEAL'), part('ORING', 2)],
        labourHours: 5,
      }),
      claim('M', null, 'pump leaks oil badly', 'SEAL', { parts: [part('SEAL')], labourHours: 4.4 }),
      claim('M', null, 'pump leaks oil at shaft', 'PUMP', {
        parts: [part('PUMP')],
        labourHours: 12,
      }),
      claim('M', null, 'radio dead', 'RADIO', { parts: [part('RADIO')], labourHours: 1 }),
    ];
    const [first, second] = createEngine(rows).predict({ model: 'M', symptom: 'pump leaks oil' });
    expect(first).toMatchObject({
      causalPart: 'SEAL',
      causalPartDescription: 'Part SEAL',
      requiredParts: [part('ORING', 2), part('SEAL')],
      labourHours: 4,
    });
    expect(second).toMatchObject({
      causalPart: 'PUMP',
      requiredParts: [part('PUMP')],
      labourHours: 12,
    });
  });
});
