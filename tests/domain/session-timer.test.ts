import { describe, expect, it } from 'vitest';
import {
  SESSION_ACTIVITY_EVENTS,
  SESSION_GRACE_MS,
  SESSION_IDLE_MS,
  sessionWarningText,
} from '../../src/domain/session-timer';

describe('session timer constants (product §9)', () => {
  it('warns after 14 minutes and logs out 60 s later', () => {
    expect(SESSION_IDLE_MS).toBe(840000);
    expect(SESSION_GRACE_MS).toBe(60000);
  });
  it('counts pointer, key, touch, wheel, scroll and mouse moves as input', () => {
    expect([...SESSION_ACTIVITY_EVENTS].sort()).toEqual(
      ['keydown', 'mousemove', 'pointerdown', 'scroll', 'touchstart', 'wheel'].sort(),
    );
  });
  it('names the product in the warning', () => {
    expect(sessionWarningText('Torque')).toBe(
      'Your Torque Web App Session is about to expire. Please continue using the app to avoid being logged out.',
    );
  });
});
