import { describe, expect, it } from 'vitest';
import {
  campaignBadge,
  campaignColor,
  isPolicyActive,
  policyBadge,
} from '../../src/domain/policy-badge';

const now = new Date(2026, 5, 15, 12, 0, 0); // 15 June 2026, noon local

describe('policy badge (product §4 Machine views)', () => {
  it('is active while the warranty end date is in the future', () => {
    expect(isPolicyActive('2027-01-01', now)).toBe(true);
    expect(policyBadge('2027-01-01', now)).toEqual({ color: 'green', label: 'Active' });
  });
  it('is grey once the end date has passed', () => {
    expect(isPolicyActive('2026-06-14', now)).toBe(false);
    expect(policyBadge('2020-03-01', now)).toEqual({ color: 'gray', label: 'Expired' });
  });
  it('counts the end day itself as still covered', () => {
    expect(isPolicyActive('2026-06-15', now)).toBe(true);
    expect(isPolicyActive('2026-06-15', new Date(2026, 5, 16, 0, 0, 1))).toBe(false);
  });
  it('an unreadable date is not active', () => {
    expect(isPolicyActive('', now)).toBe(false);
    expect(isPolicyActive('soon', now)).toBe(false);
  });
  it('campaigns: mandatory orange, optional green (product §3)', () => {
    expect(campaignColor(true)).toBe('orange');
    expect(campaignColor(false)).toBe('green');
  });
  it('a campaign past its end day has ended, mandatory or not; through the end day it has not', () => {
    const at = new Date(2026, 3, 1, 9);
    expect(campaignBadge({ isMandatory: true, campaignEndDate: '2026-03-31' }, at)).toEqual({
      color: 'gray',
      label: 'Ended',
      ended: true,
    });
    expect(campaignBadge({ isMandatory: true, campaignEndDate: '2026-04-01' }, at).label).toBe(
      'Mandatory',
    );
    expect(campaignBadge({ isMandatory: false, campaignEndDate: null }, at).label).toBe('Optional');
  });
});
