import { describe, expect, it } from 'vitest';
import {
  formatInputDate,
  inputDateToIso,
  isoDayOf,
  isoToInputDate,
  isAfterToday,
  parseInputDate,
  toSentDateTime,
  toSentFailureDate,
  typedDate,
} from '../../src/domain/wizard-dates';

describe('wizard dates (product §5 Dynamic form, §9)', () => {
  it('reads MM/DD/YYYY only, real days only', () => {
    expect(parseInputDate('03/07/2026')).toEqual({ y: 2026, m: 3, d: 7 });
    expect(parseInputDate('02/29/2024')).toEqual({ y: 2024, m: 2, d: 29 });
    expect(parseInputDate('02/29/2026')).toBeNull();
    expect(parseInputDate('13/01/2026')).toBeNull();
    expect(parseInputDate('00/10/2026')).toBeNull();
    expect(parseInputDate('3/7/2026')).toBeNull();
    expect(parseInputDate('2026-03-07')).toBeNull();
    expect(parseInputDate('')).toBeNull();
  });

  it('sends a form date as YYYY-MM-DD plus T12:00:00Z', () => {
    expect(toSentDateTime('03/07/2026')).toBe('2026-03-07T12:00:00Z');
    expect(toSentDateTime('12/31/1999')).toBe('1999-12-31T12:00:00Z');
    expect(toSentDateTime('nonsense')).toBeNull();
  });

  it('sends the failure date with T00:00:00Z', () => {
    expect(toSentFailureDate('03/07/2026')).toBe('2026-03-07T00:00:00Z');
    expect(toSentFailureDate('02/30/2026')).toBeNull();
  });

  it('formats a picked date as typed', () => {
    expect(formatInputDate(new Date(2026, 0, 5))).toBe('01/05/2026');
  });

  it('knows a day after today', () => {
    const today = new Date(2026, 10, 23, 15);
    expect(isAfterToday('11/24/2026', today)).toBe(true);
    expect(isAfterToday('11/23/2026', today)).toBe(false);
    expect(isAfterToday('bad', today)).toBe(false);
  });

  it('keeps a date in MM/DD/YYYY as it is typed', () => {
    expect(typedDate('1')).toBe('1');
    expect(typedDate('11')).toBe('11');
    expect(typedDate('112')).toBe('11/2');
    expect(typedDate('1120')).toBe('11/20');
    expect(typedDate('11/20/2')).toBe('11/20/2');
    expect(typedDate('11202026')).toBe('11/20/2026');
    expect(typedDate('11/20/20261')).toBe('11/20/2026');
    expect(typedDate('1a1-20')).toBe('11/20');
    // A slash the user types after the month waits for the day's first digit.
    expect(typedDate('11/')).toBe('11');
    expect(typedDate('')).toBe('');
  });

  it('moves a day between the typed form and a date input', () => {
    expect(inputDateToIso('03/07/2026')).toBe('2026-03-07');
    expect(inputDateToIso('02/30/2026')).toBe('');
    expect(inputDateToIso('')).toBe('');
    expect(isoToInputDate('2026-03-07')).toBe('03/07/2026');
    expect(isoToInputDate('')).toBe('');
    expect(isoDayOf(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
