import {
  RESTART_STEP,
  firstStep,
  nextMove,
  parseStep,
  previousMove,
  type WizardFlow,
  type WizardMove,
  type WizardStep,
} from './wizard-steps';

/*
 * The wizard's steps and moves for its three flows, case, report and prediction, as one pure
 * reducer (product §2 Create case or report wizard, Parts prediction step; §4 Wizard). Its
 * actions are what the user does; a move that ends the wizard or submits it is said in the
 * state (`exit`, `submitting`) for the screen to carry out. What the user types is not here:
 * no move depends on it, the steps check it before they move on.
 */

export interface WizardFlowState {
  flow: WizardFlow;
  /** The step, 4 and 4.1 being the form's two pages. */
  step: WizardStep;
  /** Serial and model came with the path: step 0 is skipped and Previous from 1 leaves. */
  machineFromRoute: boolean;
  /**
   * The wizard began by asking for the machine (step 0): that step stays in the count once the
   * machine is found, so "Step 1 of 7" goes on as "Step 2 of 7".
   */
  askedForMachine: boolean;
  /** A prediction started from a case: its step offers Link to Case instead of Create Case. */
  caseId: string | null;
  /**
   * The prediction made at step 2: shown again, not made anew, when the wizard comes back to
   * it (a reload, or Previous from the case it became), and linked to the case Create Case
   * makes. Resubmit forgets it.
   */
  predictionId: string | null;
  /** A move that ended the wizard: where the screen goes. */
  exit: WizardExit | null;
  /** Next on the last step: the screen submits and then says `submitted` or `submitFailed`. */
  submitting: boolean;
}

export type WizardExit =
  | { to: 'machine' }
  /** Link to Case: the prediction belongs to the case it was started from. */
  | { to: 'case'; caseId: string };

export type WizardAction =
  | { type: 'next' }
  | { type: 'previous' }
  /** Step 0: the machine was found; the wizard goes on as if opened from it. */
  | { type: 'machineFound' }
  /** Knowledge suggestions: Solve Request or Cancel Request, both back to the machine page. */
  | { type: 'solveRequest' }
  | { type: 'cancelRequest' }
  | { type: 'submitted' }
  | { type: 'submitFailed' }
  /** The error screen's Restart. */
  | { type: 'restart' }
  /** The parts prediction step made its prediction: the wizard keeps which one. */
  | { type: 'predicted'; predictionId: string }
  /** The parts prediction step's Resubmit: back one step, the symptom kept. */
  | { type: 'resubmit' }
  /** The parts prediction step's Create Case: on as a case with the machine and symptom. */
  | { type: 'createCase'; predictionId: string | null }
  /** The parts prediction step's Link to Case, once linked: the wizard is done. */
  | { type: 'linkToCase' };

export function initialWizardFlow(
  flow: WizardFlow,
  machineFromRoute: boolean,
  caseId: string | null = null,
): WizardFlowState {
  return {
    flow,
    step: firstStep(machineFromRoute),
    machineFromRoute,
    askedForMachine: !machineFromRoute,
    caseId,
    predictionId: null,
    exit: null,
    submitting: false,
  };
}

/** The form's page a step shows: 0 at step 4, 1 at 4.1 (the additional information). */
export function formPage(state: Pick<WizardFlowState, 'step'>): 0 | 1 {
  return state.step === 4.1 ? 1 : 0;
}

function apply(state: WizardFlowState, move: WizardMove): WizardFlowState {
  if (move.to === 'machine') return { ...state, exit: { to: 'machine' } };
  if (move.to === 'submit') return { ...state, submitting: true };
  return { ...state, step: move.step };
}

function previous(state: WizardFlowState): WizardFlowState {
  // A case made from a prediction goes back from its failure details to the prediction.
  if (state.flow === 'case' && state.step === 3 && state.predictionId !== null) {
    return { ...state, flow: 'prediction', step: 2 };
  }
  // Back to the symptom from the prediction: the next prediction is made anew.
  if (state.flow === 'prediction' && state.step === 2)
    return { ...state, step: 1, predictionId: null };
  return apply(state, previousMove(state.flow, state.step, state.machineFromRoute));
}

export function wizardFlowReducer(state: WizardFlowState, action: WizardAction): WizardFlowState {
  // Once left or while submitting, the wizard waits: a second tap does nothing more.
  if (
    state.exit ||
    (state.submitting && action.type !== 'submitted' && action.type !== 'submitFailed')
  ) {
    return state;
  }
  switch (action.type) {
    case 'next':
      // Without its machine the wizard goes no further than the step that finds it: a record
      // is never made for no machine.
      if (!state.machineFromRoute) return state.step === 0 ? state : { ...state, step: 0 };
      return apply(state, nextMove(state.flow, state.step));
    case 'previous':
      return previous(state);
    case 'machineFound':
      return state.step === 0 ? { ...state, step: 1, machineFromRoute: true } : state;
    case 'solveRequest':
    case 'cancelRequest':
      return state.flow === 'case' && state.step === 2
        ? { ...state, exit: { to: 'machine' } }
        : state;
    case 'submitted':
      return { ...state, submitting: false, step: 6 };
    case 'submitFailed':
      return { ...state, submitting: false, step: 'error' };
    case 'restart':
      return state.step === 6 || state.step === 'error' ? { ...state, step: RESTART_STEP } : state;
    case 'predicted':
      return state.flow === 'prediction' && state.step === 2 && state.predictionId === null
        ? { ...state, predictionId: action.predictionId }
        : state;
    case 'resubmit':
      return state.flow === 'prediction' && state.step === 2 ? previous(state) : state;
    case 'createCase':
      // The case goes on after its suggestions, which the prediction's step has shown.
      return state.flow === 'prediction' && state.step === 2
        ? { ...state, flow: 'case', step: 3, predictionId: action.predictionId }
        : state;
    case 'linkToCase':
      return state.flow === 'prediction' && state.step === 2 && state.caseId
        ? { ...state, exit: { to: 'case', caseId: state.caseId } }
        : state;
  }
}

/** What a draft keeps of the moves, so the wizard comes back where it was. */
export interface SavedFlow {
  step: WizardStep;
  flow?: WizardFlow;
  predictionId?: string | null;
  askedForMachine?: boolean;
  /**
   * The page visit (the browser history entry) the draft was kept in: the same one after a
   * reload or Back, a new one each time the wizard is opened.
   */
  visit?: string;
}

/**
 * A prediction made is a record of its own, not an unfinished draft: the wizard comes back to it
 * in the visit it was made in (a reload), and opened again later it starts empty. Nor is it
 * offered to resume.
 */
export function holdsMadePrediction(saved: unknown): boolean {
  return typeof (saved as { predictionId?: unknown } | undefined)?.predictionId === 'string';
}

/**
 * The state a draft comes back to: its step and flow, or a fresh start when it is unknown or
 * already done (a confirmation is not a place to come back to). `visit`: the page visit the
 * wizard opens in (SavedFlow's).
 */
export function resumeWizardFlow(
  fresh: WizardFlowState,
  saved:
    | {
        step?: unknown;
        flow?: unknown;
        predictionId?: unknown;
        askedForMachine?: unknown;
        visit?: unknown;
      }
    | undefined,
  visit?: string,
): WizardFlowState {
  const step = saved ? parseStep(saved.step) : null;
  if (step === null || step === 6) return fresh;
  // A draft kept without its machine comes back at the step that finds it, with what it holds.
  if (!fresh.machineFromRoute) return { ...fresh, step: firstStep(false) };
  if (holdsMadePrediction(saved) && saved?.visit !== visit) return fresh;
  // A prediction that went on as a case comes back as that case; anything else keeps its flow.
  const flow = fresh.flow === 'prediction' && saved?.flow === 'case' ? 'case' : fresh.flow;
  const predictionId = typeof saved?.predictionId === 'string' ? saved.predictionId : null;
  const askedForMachine = fresh.askedForMachine || saved?.askedForMachine === true;
  // A prediction is made by Next on the symptom, never by opening a draft: without one made
  // already, the draft comes back at the symptom.
  if (flow === 'prediction' && step === 2 && predictionId === null) {
    return { ...fresh, step: 1, flow, predictionId, askedForMachine };
  }
  return { ...fresh, step, flow, predictionId, askedForMachine };
}
