import { describe, expect, it } from 'vitest';
import {
  formPage,
  initialWizardFlow,
  holdsMadePrediction,
  resumeWizardFlow,
  wizardFlowReducer,
  type WizardAction,
  type WizardFlowState,
} from '../../src/domain/wizard-flow';

/*
 * The wizard's moves, one by one, for each flow (product §4 Wizard; §2 Create case or report
 * wizard, Parts prediction step): each action as the user does it, from each step.
 */

const run = (state: WizardFlowState, ...actions: WizardAction['type'][]) =>
  actions.reduce((s, type) => wizardFlowReducer(s, { type } as WizardAction), state);
const at = (s: WizardFlowState) => ({ flow: s.flow, step: s.step });
const next: WizardAction = { type: 'next' };
const previous: WizardAction = { type: 'previous' };

describe('the wizard starts', () => {
  it('at step 1 when serial and model are known, else at step 0 (for each flow)', () => {
    for (const flow of ['case', 'report', 'prediction'] as const) {
      expect(initialWizardFlow(flow, true).step).toBe(1);
      expect(initialWizardFlow(flow, false).step).toBe(0);
    }
  });

  it('goes on at step 1 once step 0 found the machine; Previous from 1 then leaves', () => {
    const found = wizardFlowReducer(initialWizardFlow('case', false), { type: 'machineFound' });
    expect(found).toMatchObject({ step: 1, machineFromRoute: true });
    expect(wizardFlowReducer(found, previous).exit).toEqual({ to: 'machine' });
  });

  it('keeps counting step 0 once it found the machine there, also in a draft opened again', () => {
    const found = wizardFlowReducer(initialWizardFlow('case', false), { type: 'machineFound' });
    expect(found.askedForMachine).toBe(true);
    expect(initialWizardFlow('case', true).askedForMachine).toBe(false);
    const reopened = resumeWizardFlow(initialWizardFlow('case', true), {
      step: 3,
      askedForMachine: true,
    });
    expect(reopened).toMatchObject({ step: 3, askedForMachine: true });
    expect(resumeWizardFlow(initialWizardFlow('case', true), { step: 3 }).askedForMachine).toBe(
      false,
    );
  });

  it('leaves for the machine page from step 0 with Previous', () => {
    expect(run(initialWizardFlow('report', false), 'previous').exit).toEqual({ to: 'machine' });
  });

  it('never goes past step 0 without its machine, so nothing is submitted for none', () => {
    const start = initialWizardFlow('case', false);
    expect(wizardFlowReducer(start, next)).toBe(start);
    // A state past step 0 with no machine (an old draft) goes back to find it, never on.
    for (const step of [1, 2, 3, 4, 4.1, 5] as const) {
      const s = wizardFlowReducer({ ...start, step }, next);
      expect(s).toMatchObject({ step: 0, submitting: false, exit: null });
    }
  });

  it('goes back to step 0 from step 1 when the path did not name the machine', () => {
    const s = { ...initialWizardFlow('case', false), step: 1 as const };
    expect(wizardFlowReducer(s, previous)).toMatchObject({ step: 0, exit: null });
  });
});

describe('a case', () => {
  const start = initialWizardFlow('case', true);

  it('walks 1, 2, 3, 4, 4.1, 5 with Next, and submits from 5', () => {
    const steps = [start.step];
    let s = start;
    for (let i = 0; i < 5; i++) {
      s = wizardFlowReducer(s, next);
      steps.push(s.step);
    }
    expect(steps).toEqual([1, 2, 3, 4, 4.1, 5]);
    expect(s.submitting).toBe(false);
    s = wizardFlowReducer(s, next);
    expect(s).toMatchObject({ step: 5, submitting: true });
  });

  it('walks back 5, 4.1, 4, 3 (form page 1 back to 3), 2, 1, then leaves', () => {
    let s: WizardFlowState = { ...start, step: 5 };
    const steps = [];
    for (let i = 0; i < 5; i++) {
      s = wizardFlowReducer(s, previous);
      steps.push(s.step);
    }
    expect(steps).toEqual([4.1, 4, 3, 2, 1]);
    expect(wizardFlowReducer(s, previous).exit).toEqual({ to: 'machine' });
  });

  it('shows the form page of the step: 4 the first, 4.1 the second', () => {
    expect(formPage({ step: 4 })).toBe(0);
    expect(formPage({ step: 4.1 })).toBe(1);
  });

  it('leaves for the machine page with Solve Request or Cancel Request on the suggestions', () => {
    const suggestions = run(start, 'next');
    expect(suggestions.step).toBe(2);
    expect(run(suggestions, 'solveRequest').exit).toEqual({ to: 'machine' });
    expect(run(suggestions, 'cancelRequest').exit).toEqual({ to: 'machine' });
    expect(run(start, 'solveRequest')).toBe(start);
  });

  it('goes to 6 once submitted, or to the error screen, whose Restart returns to 4', () => {
    const submitting = run({ ...start, step: 5 }, 'next');
    expect(run(submitting, 'submitted')).toMatchObject({ step: 6, submitting: false });
    const failed = run(submitting, 'submitFailed');
    expect(failed).toMatchObject({ step: 'error', submitting: false });
    expect(run(failed, 'restart').step).toBe(4);
    // A case refused once queued shows the error screen at step 6: Restart returns to 4 too.
    expect(run(submitting, 'submitted', 'restart').step).toBe(4);
  });

  it('leaves from the confirmation and goes back to 4 from the error screen with Previous', () => {
    expect(run({ ...start, step: 6 }, 'next').exit).toEqual({ to: 'machine' });
    expect(run({ ...start, step: 6 }, 'previous').exit).toEqual({ to: 'machine' });
    expect(run({ ...start, step: 'error' }, 'previous').step).toBe(4);
  });

  it('does nothing more while it submits or once it left: a second tap cannot submit twice', () => {
    const submitting = run({ ...start, step: 5 }, 'next');
    expect(run(submitting, 'next', 'previous')).toBe(submitting);
    const left = run(start, 'previous');
    expect(run(left, 'next')).toBe(left);
  });

  it('has no prediction moves', () => {
    const suggestions = run(start, 'next');
    for (const type of ['resubmit', 'linkToCase'] as const) {
      expect(wizardFlowReducer(suggestions, { type })).toBe(suggestions);
    }
    expect(wizardFlowReducer(suggestions, { type: 'createCase', predictionId: 'p' })).toBe(
      suggestions,
    );
    expect(run(start, 'restart')).toBe(start);
  });
});

describe('a report', () => {
  const start = initialWizardFlow('report', true);

  it('goes forward by 2 from the problem step, then 3.5, 4, 4.1, and submits from 4.1', () => {
    const steps = [];
    let s = start;
    for (let i = 0; i < 4; i++) {
      s = wizardFlowReducer(s, next);
      steps.push(s.step);
    }
    expect(steps).toEqual([3, 3.5, 4, 4.1]);
    expect(wizardFlowReducer(s, next)).toMatchObject({ step: 4.1, submitting: true });
  });

  it('goes back 4.1, 4, 3.5 (the form back to 3.5), 3, and 2 back from the parts step to 1', () => {
    let s: WizardFlowState = { ...start, step: 4.1 };
    const steps = [];
    for (let i = 0; i < 4; i++) {
      s = wizardFlowReducer(s, previous);
      steps.push(s.step);
    }
    expect(steps).toEqual([4, 3.5, 3, 1]);
  });

  it('goes to 6 once submitted from the form, or to the error screen and back to 4', () => {
    const submitting = run({ ...start, step: 4.1 }, 'next');
    expect(run(submitting, 'submitted').step).toBe(6);
    expect(run(submitting, 'submitFailed', 'restart').step).toBe(4);
  });
});

describe('a prediction', () => {
  const start = initialWizardFlow('prediction', true);
  const fromCase = initialWizardFlow('prediction', true, 'case-9');
  const predicted = run(start, 'next');

  it('goes from the symptom (1) to the parts prediction step (2) with Next', () => {
    expect(at(predicted)).toEqual({ flow: 'prediction', step: 2 });
  });

  it('goes back one step with Resubmit or Previous, the symptom left to the screen', () => {
    expect(at(run(predicted, 'resubmit'))).toEqual({ flow: 'prediction', step: 1 });
    expect(at(run(predicted, 'previous'))).toEqual({ flow: 'prediction', step: 1 });
    expect(run(start, 'previous').exit).toEqual({ to: 'machine' });
  });

  it('goes on as a case after the suggestions with Create Case, keeping the prediction', () => {
    const asCase = wizardFlowReducer(predicted, { type: 'createCase', predictionId: 'ppd-1' });
    expect(asCase).toMatchObject({ flow: 'case', step: 3, predictionId: 'ppd-1', exit: null });
    // From there it is a case: 4, 4.1, 5, submit.
    const toSubmit = run(asCase, 'next', 'next', 'next', 'next');
    expect(toSubmit).toMatchObject({ flow: 'case', step: 5, submitting: true });
    expect(run(toSubmit, 'submitted')).toMatchObject({ step: 6, predictionId: 'ppd-1' });
  });

  it('goes back from the case it became to the prediction, not to knowledge suggestions', () => {
    const asCase = wizardFlowReducer(predicted, { type: 'createCase', predictionId: 'ppd-1' });
    expect(at(run(asCase, 'previous'))).toEqual({ flow: 'prediction', step: 2 });
    expect(at(run(asCase, 'next', 'previous'))).toEqual({ flow: 'case', step: 3 });
  });

  it('shows the prediction made again when coming back from its case; Resubmit forgets it', () => {
    const asCase = wizardFlowReducer(predicted, { type: 'createCase', predictionId: 'ppd-1' });
    const back = run(asCase, 'previous');
    expect(back.predictionId).toBe('ppd-1');
    expect(run(back, 'resubmit')).toMatchObject({ step: 1, predictionId: null });
    expect(run(back, 'previous')).toMatchObject({ step: 1, predictionId: null });
  });

  it('keeps the prediction the step made, once; Resubmit forgets it and Next makes a new one', () => {
    const made = wizardFlowReducer(predicted, { type: 'predicted', predictionId: 'ppd-1' });
    expect(made).toMatchObject({ flow: 'prediction', step: 2, predictionId: 'ppd-1' });
    // A late answer for another request does not replace the one shown.
    expect(wizardFlowReducer(made, { type: 'predicted', predictionId: 'ppd-2' })).toBe(made);
    const again = run(made, 'resubmit');
    expect(again).toMatchObject({ step: 1, predictionId: null });
    // Only the prediction step makes one: not the symptom, nor the case it became.
    expect(wizardFlowReducer(again, { type: 'predicted', predictionId: 'ppd-2' })).toBe(again);
    const asCase = wizardFlowReducer(made, { type: 'createCase', predictionId: 'ppd-1' });
    expect(wizardFlowReducer(asCase, { type: 'predicted', predictionId: 'ppd-2' })).toBe(asCase);
    expect(
      wizardFlowReducer(run(again, 'next'), { type: 'predicted', predictionId: 'ppd-2' }),
    ).toMatchObject({ step: 2, predictionId: 'ppd-2' });
  });

  it('finishes with Link to Case when it was started from a case, and opens that case', () => {
    expect(run(run(fromCase, 'next'), 'linkToCase').exit).toEqual({
      to: 'case',
      caseId: 'case-9',
    });
    expect(run(predicted, 'linkToCase')).toBe(predicted);
  });

  it('has no Solve or Cancel Request, and its moves only act on the prediction step', () => {
    expect(run(predicted, 'solveRequest')).toMatchObject({ step: 2, exit: null });
    expect(run(start, 'resubmit')).toBe(start);
    expect(wizardFlowReducer(start, { type: 'createCase', predictionId: 'p' })).toBe(start);
  });
});

describe('a draft comes back', () => {
  const fresh = initialWizardFlow('case', true);

  it('at its step, or fresh when the step is unknown or the confirmation', () => {
    expect(resumeWizardFlow(fresh, { step: 3.5 }).step).toBe(3.5);
    expect(resumeWizardFlow(fresh, { step: 'error' }).step).toBe('error');
    expect(resumeWizardFlow(fresh, { step: 6 })).toBe(fresh);
    expect(resumeWizardFlow(fresh, { step: '3' })).toBe(fresh);
    expect(resumeWizardFlow(fresh, undefined)).toBe(fresh);
  });

  it('at the machine step, with what it holds, when it was kept without its machine', () => {
    const noMachine = initialWizardFlow('case', false);
    for (const step of [1, 2, 4, 5] as const) {
      const back = resumeWizardFlow(noMachine, { step });
      expect(back).toMatchObject({ step: 0, machineFromRoute: false });
      // Not the fresh state itself: that would start the wizard empty, dropping its files.
      expect(back).not.toBe(noMachine);
    }
  });

  it('as the case a prediction became, with its prediction; a case never as another flow', () => {
    const prediction = initialWizardFlow('prediction', true);
    expect(
      resumeWizardFlow(prediction, { step: 4, flow: 'case', predictionId: 'ppd-1' }),
    ).toMatchObject({ flow: 'case', step: 4, predictionId: 'ppd-1' });
    expect(resumeWizardFlow(prediction, { step: 1, flow: 'prediction' }).flow).toBe('prediction');
    // A draft never makes a prediction by itself: without one made, it is back at the symptom.
    expect(resumeWizardFlow(prediction, { step: 2, flow: 'prediction' }).step).toBe(1);
    expect(
      resumeWizardFlow(prediction, { step: 2, flow: 'prediction', predictionId: 'ppd-1' }),
    ).toMatchObject({ step: 2, predictionId: 'ppd-1' });
    expect(resumeWizardFlow(fresh, { step: 2, flow: 'prediction' }).flow).toBe('case');
  });

  it('is not offered to resume once it holds a prediction made', () => {
    expect(holdsMadePrediction({ step: 2, predictionId: 'ppd-1' })).toBe(true);
    expect(holdsMadePrediction({ step: 4, flow: 'case', predictionId: 'ppd-1' })).toBe(true);
    expect(holdsMadePrediction({ step: 1, predictionId: null })).toBe(false);
    expect(holdsMadePrediction(undefined)).toBe(false);
  });

  it('at a prediction made only in the visit it was made in; opened again later, empty', () => {
    const prediction = initialWizardFlow('prediction', true);
    const made = { step: 2, flow: 'prediction', predictionId: 'ppd-1', visit: 'v1' };
    // A reload (the same history entry): the same prediction, shown rather than made again.
    expect(resumeWizardFlow(prediction, made, 'v1')).toMatchObject({
      flow: 'prediction',
      step: 2,
      predictionId: 'ppd-1',
    });
    // Opened afresh (a new history entry), or a draft from before visits were kept: empty.
    expect(resumeWizardFlow(prediction, made, 'v2')).toBe(prediction);
    expect(resumeWizardFlow(prediction, { ...made, visit: undefined }, 'v2')).toBe(prediction);
    // Left as the case it became (Create Case), then opened again: empty too.
    expect(resumeWizardFlow(prediction, { ...made, step: 4, flow: 'case' }, 'v2')).toBe(prediction);
    expect(resumeWizardFlow(prediction, { ...made, step: 4, flow: 'case' }, 'v1')).toMatchObject({
      flow: 'case',
      step: 4,
    });
    // A symptom typed and not yet sent on is a draft: it comes back whenever the flow opens.
    expect(
      resumeWizardFlow(prediction, { step: 1, flow: 'prediction', predictionId: null }, 'v2'),
    ).toMatchObject({ step: 1 });
  });
});
