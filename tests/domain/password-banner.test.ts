import { describe, expect, it } from 'vitest';
import {
  formatBannerDate,
  passwordBanner,
  passwordInfoText,
  passwordWarningText,
} from '../../src/domain/password-banner';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2025, 0, 15, 12, 0, 0);
const at = (ms: number) => new Date(now + ms).toISOString();

describe('passwordBanner', () => {
  it('warns at exactly 10 days', () => expect(passwordBanner(at(10 * DAY), now)).toBe('warning'));
  it('informs at 10 days + 1 ms', () => expect(passwordBanner(at(10 * DAY + 1), now)).toBe('info'));
  it('informs at exactly 160 days', () => expect(passwordBanner(at(160 * DAY), now)).toBe('info'));
  it('shows nothing at 160 days + 1 ms', () =>
    expect(passwordBanner(at(160 * DAY + 1), now)).toBeNull());
  it('warns for an already expired password', () =>
    expect(passwordBanner(at(-3 * DAY), now)).toBe('warning'));
  it('warns for 7 days and informs for 100 days (the demo users)', () => {
    expect(passwordBanner(at(7 * DAY), now)).toBe('warning');
    expect(passwordBanner(at(100 * DAY), now)).toBe('info');
  });
  it('shows nothing without an expiry date, or with a broken one', () => {
    expect(passwordBanner(null, now)).toBeNull();
    expect(passwordBanner(undefined, now)).toBeNull();
    expect(passwordBanner('not a date', now)).toBeNull();
  });
  it('accepts Date values for both arguments', () =>
    expect(passwordBanner(new Date(now + DAY), new Date(now))).toBe('warning'));
});

describe('banner texts', () => {
  it('formats the date as M/D/YYYY', () => {
    expect(formatBannerDate(new Date(2025, 2, 7, 12))).toBe('3/7/2025');
    expect(formatBannerDate(new Date(2025, 11, 31, 12))).toBe('12/31/2025');
  });
  it('uses the product.md wording', () => {
    expect(passwordWarningText('3/7/2025')).toBe(
      "Your password will expire on 3/7/2025. Please reset your password so you don't get locked out.",
    );
    expect(passwordInfoText('3/7/2025')).toBe(
      'Your password will expire on 3/7/2025. For directions on reseting your password please review the following knowledge article.',
    );
  });
});
