import { parseDay } from './calendar-day';

/**
 * product §4 Machine views: a policy's badge has the active colour while its warranty end date
 * is in the future, grey otherwise. Dates are YYYY-MM-DD; a policy is active through the
 * whole of its end day (local time).
 */
export const ACTIVE_POLICY_COLOR = 'green';
export const INACTIVE_POLICY_COLOR = 'gray';

export function isPolicyActive(warrantyEndDate: string, now: Date = new Date()): boolean {
  const day = parseDay(warrantyEndDate);
  if (!day) return false;
  const endOfDay = new Date(day.y, day.m - 1, day.d, 23, 59, 59, 999);
  return endOfDay.getTime() > now.getTime();
}

export function policyBadge(
  warrantyEndDate: string,
  now: Date = new Date(),
): { color: string; label: 'Active' | 'Expired' } {
  return isPolicyActive(warrantyEndDate, now)
    ? { color: ACTIVE_POLICY_COLOR, label: 'Active' }
    : { color: INACTIVE_POLICY_COLOR, label: 'Expired' };
}

/** product §3 Campaign: mandatory shown orange, otherwise green. */
export function campaignColor(isMandatory: boolean): string {
  return isMandatory ? 'orange' : 'green';
}
