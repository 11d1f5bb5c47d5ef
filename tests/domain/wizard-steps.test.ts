import { describe, expect, it } from 'vitest';
import {
  RESTART_STEP,
  firstStep,
  flowSteps,
  stepName,
  stepPosition,
  nextMove,
  parseStep,
  previousMove,
  type WizardStep,
} from '../../src/domain/wizard-steps';

const to = (step: WizardStep) => ({ to: 'step', step });

describe('wizard steps (product §4 Wizard)', () => {
  it('skips step 0 when serial and model are known', () => {
    expect(firstStep(true)).toBe(1);
    expect(firstStep(false)).toBe(0);
  });

  it('walks a case 0, 1, 2, 3, 4, 4.1, 5 and submits from 5', () => {
    expect(nextMove('case', 0)).toEqual(to(1));
    expect(nextMove('case', 1)).toEqual(to(2));
    expect(nextMove('case', 2)).toEqual(to(3));
    expect(nextMove('case', 3)).toEqual(to(4));
    expect(nextMove('case', 4)).toEqual(to(4.1));
    expect(nextMove('case', 4.1)).toEqual(to(5));
    expect(nextMove('case', 5)).toEqual({ to: 'submit' });
  });

  it('moves a report forward by 2 from the problem step, through 3.5, and submits from 4.1', () => {
    expect(nextMove('report', 1)).toEqual(to(3));
    expect(nextMove('report', 3)).toEqual(to(3.5));
    expect(nextMove('report', 3.5)).toEqual(to(4));
    expect(nextMove('report', 4)).toEqual(to(4.1));
    expect(nextMove('report', 4.1)).toEqual({ to: 'submit' });
  });

  it('moves a prediction from its symptom to its parts prediction step and back', () => {
    expect(nextMove('prediction', 1)).toEqual(to(2));
    expect(previousMove('prediction', 2, true)).toEqual(to(1));
  });

  it("goes back from a case's form page 1 to 3, from a report's to 3.5", () => {
    expect(previousMove('case', 4, true)).toEqual(to(3));
    expect(previousMove('report', 4, true)).toEqual(to(3.5));
  });

  it("takes a report's parts step back 2, a case's back 1", () => {
    expect(previousMove('report', 3, true)).toEqual(to(1));
    expect(previousMove('case', 3, true)).toEqual(to(2));
  });

  it('goes back from the attachments to the additional information (4.1), and 4.1 to 4', () => {
    expect(previousMove('case', 5, true)).toEqual(to(4.1));
    expect(previousMove('case', 4.1, true)).toEqual(to(4));
    expect(previousMove('report', 4.1, true)).toEqual(to(4));
  });

  it('goes back from 3.5 to 3, from 2 to 1', () => {
    expect(previousMove('report', 3.5, true)).toEqual(to(3));
    expect(previousMove('case', 2, true)).toEqual(to(1));
  });

  it('leaves for the machine page from step 1 when the route named the machine, else goes to 0', () => {
    expect(previousMove('case', 1, true)).toEqual({ to: 'machine' });
    expect(previousMove('case', 1, false)).toEqual(to(0));
    expect(previousMove('case', 0, false)).toEqual({ to: 'machine' });
  });

  it('restarts at step 4 from the error screen; the confirmation leaves', () => {
    expect(RESTART_STEP).toBe(4);
    expect(previousMove('case', 'error', true)).toEqual(to(4));
    expect(nextMove('case', 6)).toEqual({ to: 'machine' });
  });

  it('counts the steps of each flow', () => {
    expect(flowSteps('case', true)).toEqual([1, 2, 3, 4, 4.1, 5]);
    expect(flowSteps('report', false)).toEqual([0, 1, 3, 3.5, 4, 4.1]);
    expect(flowSteps('prediction', true)).toEqual([1, 2]);
  });

  it('reads a stored step back, and nothing else', () => {
    expect(parseStep(3.5)).toBe(3.5);
    expect(parseStep('error')).toBe('error');
    expect(parseStep(7)).toBeNull();
    expect(parseStep('3')).toBeNull();
  });

  it('says where the user is: which step of how many, and its name', () => {
    expect(stepPosition('case', 2, true)).toEqual({ number: 2, count: 6 });
    expect(stepPosition('report', 3.5, false)).toEqual({ number: 4, count: 6 });
    expect(stepPosition('case', 6, true)).toBeNull();
    expect(stepPosition('case', 'error', true)).toBeNull();
    const pages = ['Machine Information', 'Issue Information'] as const;
    expect(stepName(2, pages)).toBe('Knowledge Suggestions');
    expect(stepName(2, pages, 'prediction')).toBe('Parts Predictions');
    expect(stepName(3.5, pages)).toBe('Who is this Report for?');
    expect(stepName(4.1, pages)).toBe('Issue Information');
  });
});
