/**
 * Every date and time the app shows, formatted in one place. Dates read M/D/YYYY without
 * leading zeros (the en-US short form), in the device's time zone since that is the calendar
 * the technician reads (product §4).
 *
 * That numeric date is put together from the Date's own fields rather than by Intl: the first
 * Intl formatter a page builds loads ICU's locale data, 40-60 ms of main thread in Chromium
 * (measured), and Home's first screen shows a date (the password banner). Times of day and
 * relative phrases, which only later screens show, go through Intl.
 */
import { lazily } from './lazily';

const LOCALE = 'en-US';

const dateTimeFormat = lazily(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const timeFormat = lazily(
  () => new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' }),
);
const relativeFormat = lazily(() => new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: Date | number | string): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const numericDate = (y: number, m: number, d: number) => `${m}/${d}/${y}`;

/** An instant as M/D/YYYY in the device's calendar; null when it cannot be read. */
export function shortDate(value: Date | number | string): string | null {
  const d = toDate(value);
  return d ? numericDate(d.getFullYear(), d.getMonth() + 1, d.getDate()) : null;
}

/** An instant as M/D/YYYY and the time of day ("1/5/2027, 3:04 PM"); '' when unreadable. */
export function dateTime(value: Date | number | string): string {
  const d = toDate(value);
  return d ? dateTimeFormat().format(d) : '';
}

/** An instant's time of day ("3:04 PM"); '' when unreadable. */
export function timeOfDay(value: Date | number | string): string {
  const d = toDate(value);
  return d ? timeFormat().format(d) : '';
}

/** Calendar days as the gateway sends them (YYYY-MM-DD). */
export function parseDay(day: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) } : null;
}

/**
 * '2027-01-05' -> '1/5/2027'; an unreadable value is shown as given, empty as ''. Calendar days
 * carry no time, so no time zone moves them a day.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const p = parseDay(day);
  return p ? numericDate(p.y, p.m, p.d) : day;
}

/**
 * How long ago (product §4 "Offline-first"): recent times are relative ("just now",
 * "5 minutes ago", "3 hours ago", "yesterday"), older ones a date ("on M/D/YYYY").
 */
export function relativeTime(at: number, now: number = Date.now()): string {
  const diff = Math.max(0, now - at);
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return relativeFormat().format(-Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return relativeFormat().format(-Math.floor(diff / HOUR), 'hour');
  if (diff < 2 * DAY) return relativeFormat().format(-1, 'day');
  return `on ${shortDate(at) ?? ''}`;
}

/** "Last updated {relative time}" (product §4 "Offline-first"). */
export function lastUpdatedText(at: number, now: number = Date.now()): string {
  return `Last updated ${relativeTime(at, now)}`;
}
