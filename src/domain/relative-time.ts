/**
 * "Last updated {relative or date}" (product §4 "Offline-first"): recent times are relative
 * ("just now", "5 minutes ago", "3 hours ago", "yesterday"), older ones a date M/D/YYYY.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(at: number, now: number = Date.now()): string {
  const diff = Math.max(0, now - at);
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) {
    const m = Math.floor(diff / MINUTE);
    return `${m} minute${m === 1 ? '' : 's'} ago`;
  }
  if (diff < DAY) {
    const h = Math.floor(diff / HOUR);
    return `${h} hour${h === 1 ? '' : 's'} ago`;
  }
  if (diff < 2 * DAY) return 'yesterday';
  const d = new Date(at);
  return `on ${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
}

export function lastUpdatedText(at: number, now: number = Date.now()): string {
  return `Last updated ${relativeTime(at, now)}`;
}
