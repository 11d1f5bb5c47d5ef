import { describe, expect, it } from 'vitest';
import {
  caseChoiceLabel,
  caseChoicesFor,
  OTHER_CASES_GROUP,
  SAME_MACHINE_GROUP,
} from '../../src/domain/prediction-case-choices';

const row = (id: string, modelNumber: string | null, serialNumber: string | null, more = {}) => ({
  id,
  caseNumber: id.toUpperCase(),
  subject: `subject ${id}`,
  modelNumber,
  serialNumber,
  ...more,
});

describe('caseChoicesFor', () => {
  const machine = { modelNumber: 'M7-172', serialNumber: '52016' };

  it("puts the machine's cases first, each group in the order given, and leaves reports out", () => {
    const groups = caseChoicesFor(machine, [
      row('a', 'M7-172', '41876'),
      row('b', ' m7-172 ', '52016'),
      row('c', null, null),
      row('d', 'M7-172', '52016', { recordType: 'Report' }),
      row('e', 'M7-172', '52016', { recordType: 'Case' }),
      row('f', 'L3560', '52016'),
    ]);
    expect(groups.map((g) => [g.group, g.cases.map((c) => c.id)])).toEqual([
      [SAME_MACHINE_GROUP, ['b', 'e']],
      [OTHER_CASES_GROUP, ['a', 'c', 'f']],
    ]);
  });

  it('leaves an empty group out', () => {
    expect(caseChoicesFor(machine, [row('a', 'L3560', '1')]).map((g) => g.group)).toEqual([
      OTHER_CASES_GROUP,
    ]);
    expect(caseChoicesFor(machine, [])).toEqual([]);
  });

  it('reads a case as its number and subject', () => {
    expect(caseChoiceLabel({ caseNumber: '00001001', subject: 'Pump whines' })).toBe(
      '00001001 · Pump whines',
    );
    expect(caseChoiceLabel({ caseNumber: '00001001', subject: '' })).toBe('00001001');
  });
});
