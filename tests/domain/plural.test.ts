import { describe, expect, it } from 'vitest';
import { CHANGE, countOf } from '../../src/domain/plural';

describe('countOf', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countOf(1, CHANGE)).toBe('1 change');
    expect(countOf(2, CHANGE)).toBe('2 changes');
    expect(countOf(0, CHANGE)).toBe('0 changes');
  });

  it('writes a count of thousands with a separator', () => {
    expect(countOf(6000, CHANGE)).toBe('6,000 changes');
  });
});
