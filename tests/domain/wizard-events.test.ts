import { describe, expect, it } from 'vitest';
import { analyticsEventSchema } from '../../contract/case-create';
import { wizardEvent } from '../../src/domain/wizard-events';

const context = {
  wizardId: 'w-1',
  recordType: 'Case' as const,
  subject: ' Stalls ',
  serialNumber: '52016',
  modelNumber: 'M7-172',
  dtcCode: ' ',
};
const at = new Date('2026-11-23T12:00:00Z');

describe('wizard analytics events (product §4 Wizard)', () => {
  it('builds events the gateway accepts', () => {
    const next = wizardEvent('e-1', at, context, 'ticket_next_stage', { stage: 3.5 });
    expect(next).toMatchObject({ stage: '3.5', subject: 'Stalls', dtcCode: null, reason: null });
    expect(analyticsEventSchema.safeParse(next).success).toBe(true);
    const cancel = wizardEvent('e-2', at, context, 'ticket_cancel', { reason: 'Solved' });
    expect(analyticsEventSchema.safeParse(cancel).success).toBe(true);
    const create = wizardEvent('e-3', at, context, 'ticket_create', { caseId: 'x' });
    expect(analyticsEventSchema.parse(create).caseId).toBe('x');
  });

  it('a cancel without a reason is refused by the contract', () => {
    const bad = wizardEvent('e-4', at, context, 'ticket_cancel');
    expect(analyticsEventSchema.safeParse(bad).success).toBe(false);
  });
});
