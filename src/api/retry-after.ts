/** The longest a Retry-After is waited out inside one call; the outbox waits any length. */
export const RETRY_AFTER_CAP_MS = 30_000;

/**
 * A Retry-After header in milliseconds from now: delta-seconds or an HTTP date. Null when it
 * is missing or unreadable (the caller then uses its own back-off).
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
