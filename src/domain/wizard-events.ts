import type { AnalyticsEvent, AnalyticsEventType, CancelReason } from '../../contract/case-create';
import type { WizardStep } from './wizard-steps';

/** What every analytics event of one wizard run says (product §4 Wizard). */
export interface WizardEventContext {
  wizardId: string;
  recordType: 'Case' | 'Report';
  subject: string;
  serialNumber: string | null;
  modelNumber: string | null;
  dtcCode: string | null;
}

/** One event; ids come from the caller so the function stays pure. */
export function wizardEvent(
  id: string,
  at: Date,
  context: WizardEventContext,
  type: AnalyticsEventType,
  detail: { stage?: WizardStep; field?: string; reason?: CancelReason; caseId?: string } = {},
): AnalyticsEvent {
  return {
    id,
    wizardId: context.wizardId,
    type,
    occurredAt: at.toISOString(),
    recordType: context.recordType,
    subject: context.subject.trim(),
    serialNumber: context.serialNumber,
    modelNumber: context.modelNumber,
    dtcCode: context.dtcCode?.trim() ? context.dtcCode.trim() : null,
    stage: detail.stage === undefined ? null : String(detail.stage),
    field: detail.field ?? null,
    reason: detail.reason ?? null,
    caseId: detail.caseId ?? null,
  };
}
