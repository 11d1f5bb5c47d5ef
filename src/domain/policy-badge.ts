import { parseDay } from './dates';

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

/** A campaign past the whole of its end day has ended: no longer a call to act. */
export const ENDED_CAMPAIGN_COLOR = 'gray';

export function campaignBadge(
  campaign: { isMandatory: boolean; campaignEndDate: string | null },
  now: Date = new Date(),
): { color: string; label: 'Mandatory' | 'Optional' | 'Ended'; ended: boolean } {
  const ended =
    campaign.campaignEndDate !== null && campaign.campaignEndDate !== ''
      ? parseDay(campaign.campaignEndDate) !== null &&
        !isPolicyActive(campaign.campaignEndDate, now)
      : false;
  if (ended) return { color: ENDED_CAMPAIGN_COLOR, label: 'Ended', ended };
  return {
    color: campaignColor(campaign.isMandatory),
    label: campaign.isMandatory ? 'Mandatory' : 'Optional',
    ended,
  };
}
