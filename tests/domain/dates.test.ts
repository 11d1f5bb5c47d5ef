import { describe, expect, it, vi } from 'vitest';
import {
  dateTime,
  formatDay,
  lastUpdatedText,
  relativeTime,
  shortDate,
  timeOfDay,
} from '../../src/domain/dates';

describe('dates (product §4)', () => {
  it('shows instants M/D/YYYY without leading zeros, in the device calendar', () => {
    expect(shortDate(new Date(2027, 0, 5, 23, 59))).toBe('1/5/2027');
    expect(shortDate(new Date(2025, 11, 31, 0, 1).getTime())).toBe('12/31/2025');
    expect(shortDate('not a date')).toBeNull();
  });

  it('shows calendar days as sent, whatever the time zone', () => {
    expect(formatDay('2027-01-05')).toBe('1/5/2027');
    expect(formatDay('2026-12-31T00:00:00Z')).toBe('12/31/2026');
    expect(formatDay('soon')).toBe('soon');
    expect(formatDay(null)).toBe('');
  });

  it('puts dates together as Intl would, without building a formatter (its first costs 40-60 ms)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const days = Array.from({ length: 400 }, (_, i) => new Date(2025, 0, 1 + i * 3, (i * 7) % 24));
    const ours = days.map((d) => [shortDate(d), formatDay(d.toISOString())]);
    const formattersMade = made.mock.calls.length;
    made.mockRestore();
    expect(formattersMade).toBe(0);
    const local = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    const utc = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(ours).toEqual(days.map((d) => [local.format(d), utc.format(d)]));
  });

  it('shows a time of day and a date with time', () => {
    const at = new Date(2027, 0, 5, 15, 4);
    expect(timeOfDay(at)).toMatch(/^3:04\sPM$/);
    expect(dateTime(at)).toMatch(/^1\/5\/2027, 3:04\sPM$/);
    expect(timeOfDay(Number.NaN)).toBe('');
  });

  it('says how long ago, then the date', () => {
    const now = new Date(2026, 10, 23, 12).getTime();
    expect(relativeTime(now + 5_000, now)).toBe('just now');
    expect(relativeTime(now - 2 * 3_600_000 - 59_000, now)).toBe('2 hours ago');
    expect(relativeTime(now - 1 * 3_600_000, now)).toBe('1 hour ago');
    expect(relativeTime(now - 47 * 3_600_000, now)).toBe('yesterday');
    expect(relativeTime(new Date(2026, 10, 21, 11).getTime(), now)).toBe('on 11/21/2026');
    expect(lastUpdatedText(now - 59 * 60_000, now)).toBe('Last updated 59 minutes ago');
  });
});
