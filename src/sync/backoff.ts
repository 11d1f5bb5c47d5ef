/**
 * Retry back-off of the outbox: 2 s after the first failure, doubling up to 5 minutes, with
 * ±20 % jitter so that many devices coming back online at once do not hit the gateway in step.
 * The jitter band is narrow enough that each delay still exceeds the one before (1.2x < 2x0.8).
 */
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Delay before the next attempt, after `attempts` attempts (1 = the first one failed). */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(exponent, 20));
  return Math.round(base * (0.8 + 0.4 * random()));
}
