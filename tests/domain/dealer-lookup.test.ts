import { describe, expect, it } from 'vitest';
import { buildDealerLookupQuery } from '../../src/domain/dealer-lookup';

const empty = { city: '', state: '', name: '', number: '' };

describe('dealer lookup input (product §5)', () => {
  it('needs at least one field', () => {
    expect(buildDealerLookupQuery(empty)).toEqual({
      query: null,
      error: 'Atleast one field is required',
    });
  });
  it('trims, so blanks count as empty', () => {
    expect(buildDealerLookupQuery({ ...empty, city: '   ', name: ' ' }).error).toBe(
      'Atleast one field is required',
    );
    expect(buildDealerLookupQuery({ ...empty, name: '  northfield ' })).toEqual({
      query: { name: 'northfield' },
      error: null,
    });
  });
  it('keeps every filled field', () => {
    expect(
      buildDealerLookupQuery({ city: 'Ames', state: 'IA', name: 'North', number: '1001' }).query,
    ).toEqual({ city: 'Ames', state: 'IA', name: 'North', number: '1001' });
  });
});
