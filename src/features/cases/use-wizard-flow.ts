import { useCallback, useRef, useState } from 'react';
import {
  wizardFlowReducer,
  type WizardAction,
  type WizardFlowState,
} from '../../domain/wizard-flow';
import { useStableCallback } from '../../components/use-stable-callback';

/**
 * The wizard's moves (domain/wizard-flow.ts) held for a screen. `moved` hears each action that
 * changed the state, with the state before and after, at once: the screen leaves, submits or
 * tracks from there, in the event that caused it. A second tap is reduced against the state the
 * first one made, so it cannot submit twice.
 */
export function useWizardFlow(
  initial: WizardFlowState,
  moved: (before: WizardFlowState, after: WizardFlowState, action: WizardAction) => void,
): [WizardFlowState, (action: WizardAction) => void] {
  const [state, setState] = useState(initial);
  const current = useRef(initial);
  const heard = useStableCallback(moved);
  const dispatch = useCallback(
    (action: WizardAction) => {
      const before = current.current;
      const after = wizardFlowReducer(before, action);
      if (after === before) return;
      current.current = after;
      setState(after);
      heard(before, after, action);
    },
    [heard],
  );
  return [state, dispatch];
}
