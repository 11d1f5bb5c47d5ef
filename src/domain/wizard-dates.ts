/*
 * Dates of the wizard and the dynamic form (product §5 Dynamic form, §9): typed MM/DD/YYYY,
 * sent as YYYY-MM-DD plus T12:00:00Z (noon UTC keeps the calendar day in every time zone),
 * except the failure date, sent with T00:00:00Z.
 */

export const DATE_INPUT_FORMAT = 'MM/DD/YYYY';

export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

/** '03/07/2026' -> { y: 2026, m: 3, d: 7 }; null unless a real day in MM/DD/YYYY. */
export function parseInputDate(text: string): CalendarDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1) return null;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth ? { y, m, d } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** { 2026, 3, 7 } -> '2026-03-07'. */
export function isoDay(date: CalendarDate): string {
  return `${pad(date.y, 4)}-${pad(date.m)}-${pad(date.d)}`;
}

/** A form date as sent: '03/07/2026' -> '2026-03-07T12:00:00Z'; null when not a date. */
export function toSentDateTime(text: string): string | null {
  const date = parseInputDate(text);
  return date ? `${isoDay(date)}T12:00:00Z` : null;
}

/** Failure_Date__c as sent: '03/07/2026' -> '2026-03-07T00:00:00Z'; null when not a date. */
export function toSentFailureDate(text: string): string | null {
  const date = parseInputDate(text);
  return date ? `${isoDay(date)}T00:00:00Z` : null;
}

/** A Date (a date picker's value) as typed: MM/DD/YYYY in the device's calendar. */
export function formatInputDate(date: Date): string {
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** A day of the device's calendar as a native date input holds it: '2026-03-07'. */
export function isoDayOf(date: Date): string {
  return isoDay({ y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate() });
}

/** A typed date as a native date input's value: '03/07/2026' -> '2026-03-07'; '' if none. */
export function inputDateToIso(text: string): string {
  const date = parseInputDate(text);
  return date ? isoDay(date) : '';
}

/** A native date input's value as typed: '2026-03-07' -> '03/07/2026'; '' for any other. */
export function isoToInputDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** Whether a typed date lies after today (a failure cannot have happened tomorrow). */
export function isAfterToday(text: string, today: Date): boolean {
  const date = parseInputDate(text);
  if (!date) return false;
  return isoDay(date) > isoDayOf(today);
}

/**
 * A date as the user types it, kept in MM/DD/YYYY: digits only, the slashes put in as the
 * month and day are complete ('1120' -> '11/20', '11202026' -> '11/20/2026'), at most 8 digits.
 */
export function typedDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
