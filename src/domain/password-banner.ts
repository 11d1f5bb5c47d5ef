import { shortDate } from './dates';

/** Password-expiry banners: both exist, never both at once (product §2 Home, §9). */
export const PASSWORD_WARNING_DAYS = 10;
export const PASSWORD_INFO_DAYS = 160;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PasswordBanner = 'warning' | 'info' | null;

/**
 * 'warning' when the password expires within 10 days (an already expired one included),
 * 'info' within 160 days, otherwise null. Exactly 10 (or 160) days away still counts as within.
 */
export function passwordBanner(
  expiresAt: string | Date | null | undefined,
  now: Date | number = Date.now(),
): PasswordBanner {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return null;
  const expiry = (expiresAt instanceof Date ? expiresAt : new Date(expiresAt)).getTime();
  if (Number.isNaN(expiry)) return null;
  const left = expiry - (typeof now === 'number' ? now : now.getTime());
  if (left <= PASSWORD_WARNING_DAYS * DAY_MS) return 'warning';
  if (left <= PASSWORD_INFO_DAYS * DAY_MS) return 'info';
  return null;
}

/** M/D/YYYY in the device's calendar, as the banners show it. */
export function formatBannerDate(value: string | Date): string {
  return shortDate(value) ?? '';
}

export function passwordWarningText(date: string): string {
  return `Your password will expire on ${date}. Please reset your password so you don't get locked out.`;
}

export function passwordInfoText(date: string): string {
  return `Your password will expire on ${date}. For directions on reseting your password please review the following knowledge article.`;
}
