import { describe, expect, it } from 'vitest';
import {
  customerQueryFromSearch,
  customerQueryOf,
  customerSearchString,
  shouldLookupModel,
} from '../../src/domain/machine-search';
import { lastUpdatedText, relativeTime } from '../../src/domain/dates';

describe('model typeahead rule (product §4, §9)', () => {
  it('needs 3 model characters and 5 serial characters', () => {
    expect(shouldLookupModel('M7-', '52016')).toBe(true);
    expect(shouldLookupModel('M7', '52016')).toBe(false);
    expect(shouldLookupModel('M7-172', '5201')).toBe(false);
    expect(shouldLookupModel('  M7 ', '52016')).toBe(false);
  });
});

describe('customer query', () => {
  it('trims, drops empty fields and upper-cases the state', () => {
    expect(
      customerQueryOf({ firstName: ' ', lastName: ' Hanson ', city: '', state: 'mn' }),
    ).toEqual({ lastName: 'Hanson', state: 'MN' });
  });
  it('writes and reads /support/machineResults search params in a fixed order', () => {
    const s = customerSearchString({ state: 'MN', city: 'Northfield' });
    expect(s).toBe('city=Northfield&state=MN');
    expect(customerQueryFromSearch(new URLSearchParams(s))).toEqual({
      city: 'Northfield',
      state: 'MN',
    });
  });
});

describe('last updated', () => {
  const now = new Date(2026, 10, 20, 12, 0, 0).getTime();
  it('is relative for recent times and a date for older ones', () => {
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(relativeTime(now - 30 * 3_600_000, now)).toBe('yesterday');
    expect(lastUpdatedText(new Date(2026, 9, 2).getTime(), now)).toBe('Last updated on 10/2/2026');
  });
});
