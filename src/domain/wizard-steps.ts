/*
 * The create case / report / prediction wizard's steps and moves (product §2 Create case or
 * report wizard, Parts prediction step; §4 Wizard). Steps are numbers as the product names
 * them: 4 is the form's first page and 4.1 its second. The whole state machine, with the moves
 * that leave a flow for another, is wizard-flow.ts.
 */

/** A prediction's step 2 is the parts prediction step; Create Case goes on as a case. */
export type WizardFlow = 'case' | 'report' | 'prediction';

export type WizardStep = 0 | 1 | 2 | 3 | 3.5 | 4 | 4.1 | 5 | 6 | 'error';

/** Where a move leads: another step, out of the wizard (the machine page) or to the submit. */
export type WizardMove = { to: 'step'; step: WizardStep } | { to: 'machine' } | { to: 'submit' };

const step = (s: WizardStep): WizardMove => ({ to: 'step', step: s });

/** product §2: with serial and model known, step 0 is skipped to step 1. */
export function firstStep(machineKnown: boolean): WizardStep {
  return machineKnown ? 1 : 0;
}

/**
 * Next. A report's problem step goes forward by 2 (no suggestions), its parts step leads to
 * 3.5 and it is created from the form's second page; a case goes on to the attachments. A
 * prediction's symptom leads to its parts prediction step, which has buttons of its own
 * (wizard-flow.ts); were Next pressed there, it would go on as a case does.
 */
export function nextMove(flow: WizardFlow, from: WizardStep): WizardMove {
  switch (from) {
    case 0:
      return step(1);
    case 1:
      return step(flow === 'report' ? 3 : 2);
    case 2:
      return step(3);
    case 3:
      return step(flow === 'report' ? 3.5 : 4);
    case 3.5:
      return step(4);
    case 4:
      return step(4.1);
    case 4.1:
      return flow === 'report' ? { to: 'submit' } : step(5);
    case 5:
      return { to: 'submit' };
    case 6:
    case 'error':
      return { to: 'machine' };
  }
}

/**
 * Previous. A report's parts step goes back 2 (over the suggestions it never showed), the
 * form's first page goes back to 3.5 for a report and to 3 for a case, and the attachments go
 * back to the additional information (4.1).
 */
export function previousMove(
  flow: WizardFlow,
  from: WizardStep,
  machineFromRoute: boolean,
): WizardMove {
  switch (from) {
    case 0:
      return { to: 'machine' };
    case 1:
      return machineFromRoute ? { to: 'machine' } : step(0);
    case 2:
      return step(1);
    case 3:
      return step(flow === 'report' ? 1 : 2);
    case 3.5:
      return step(3);
    case 4:
      return step(flow === 'report' ? 3.5 : 3);
    case 4.1:
      return step(4);
    case 5:
      return step(4.1);
    case 6:
      return { to: 'machine' };
    case 'error':
      return step(4);
  }
}

/** product §2: Restart on the error screen goes back to step 4. */
export const RESTART_STEP: WizardStep = 4;

/** product §2 Solve Request and Cancel Request both leave for the machine page. */
export type CancelReason = 'Solved' | 'Quit';

/** The steps a progress bar counts, in the order of the flow. */
export function flowSteps(flow: WizardFlow, machineFromRoute: boolean): WizardStep[] {
  const steps: WizardStep[] =
    flow === 'report'
      ? [0, 1, 3, 3.5, 4, 4.1]
      : flow === 'prediction'
        ? [0, 1, 2]
        : [0, 1, 2, 3, 4, 4.1, 5];
  return machineFromRoute ? steps.filter((s) => s !== 0) : steps;
}

/** A draft stores its step as text; anything unknown starts over. */
export function parseStep(value: unknown): WizardStep | null {
  const all: WizardStep[] = [0, 1, 2, 3, 3.5, 4, 4.1, 5, 6, 'error'];
  return all.find((s) => s === value) ?? null;
}

/** What a step is called where the wizard says where the user is (the progress line). */
export function stepName(
  step: WizardStep,
  formHeadings: readonly [string, string],
  flow: WizardFlow = 'case',
): string {
  switch (step) {
    case 0:
      return 'Machine';
    case 1:
      return 'Problem';
    case 2:
      return flow === 'prediction' ? 'Parts Predictions' : 'Knowledge Suggestions';
    case 3:
      return 'Failure Details';
    case 3.5:
      return 'Who is this Report for?';
    case 4:
      return formHeadings[0];
    case 4.1:
      return formHeadings[1];
    case 5:
      return 'Attachments';
    case 6:
      return 'Confirmation';
    case 'error':
      return 'Error';
  }
}

/** 'Step 2 of 6', or null where the wizard is past its steps (confirmation, error). */
export function stepPosition(flow: WizardFlow, step: WizardStep, machineFromRoute: boolean) {
  const steps = flowSteps(flow, machineFromRoute);
  const index = steps.indexOf(step);
  return index < 0 ? null : { number: index + 1, count: steps.length };
}
