import { useEffect, useRef, useState, type RefObject } from 'react';
import type { User } from '../../../contract';
import { db } from '../../db/db';
import type { FailureDetails } from '../../domain/case-payload';
import type { FormValues } from '../../domain/dynamic-form';
import type { MachineRouteParams } from '../../domain/route-params';
import { resumeWizardFlow, type WizardFlowState } from '../../domain/wizard-flow';
import type { WizardFlow } from '../../domain/wizard-steps';
import type { PickedFile } from './attachment-picker';
import { EMPTY_FAILURE } from './wizard-step-failure';
import type { Parties } from './wizard-step-account';

/** What the user has given the wizard so far; the moves are apart (domain/wizard-flow.ts). */
export interface WizardData {
  /** One run of the wizard, for analytics (product §4). */
  wizardId: string;
  subject: string;
  dtc: string;
  articles: string[];
  failure: FailureDetails;
  parties: Parties;
  form: FormValues;
  message: string;
  files: PickedFile[];
}

export interface LoadedWizard {
  data: WizardData;
  flow: WizardFlowState;
}

/** A wizard not started yet: nothing typed, the user's own account and contact (product §6). */
export function freshWizardData(user: User): WizardData {
  return {
    wizardId: crypto.randomUUID(),
    subject: '',
    dtc: '',
    articles: [],
    failure: EMPTY_FAILURE,
    parties: {
      accountId: user.accountId,
      accountName: user.accountName ?? '',
      contactId: user.contactId,
      contactName: user.contactName ?? '',
      newContact: null,
    },
    form: {},
    message: '',
    files: [],
  };
}

/** The draft's key: one per flow and machine, for each user. */
export function wizardDraftId(flow: WizardFlow, key: MachineRouteParams): string {
  return `${flow}|${key.model ?? ''}|${key.serial ?? ''}`;
}

/**
 * The wizard as the user left it (the draft), or fresh with the user's own account and contact
 * (product §6). Read once: the path may change under the wizard (step 0 finds the machine)
 * without starting it over. `visit`: the page visit it opens in (SavedFlow's).
 */
export function useLoadedWizard(
  user: User | null | undefined,
  draftId: string,
  fresh: WizardFlowState,
  visit: string,
): LoadedWizard | null {
  const [loaded, setLoaded] = useState<LoadedWizard | null>(null);
  const reading = useRef(false);
  useEffect(() => {
    if (!user || reading.current) return;
    reading.current = true;
    void db.caseDrafts.get([user.id, draftId]).then((draft) => {
      const saved = draft?.state as (WizardData & { step?: unknown }) | undefined;
      const flow = resumeWizardFlow(fresh, saved, visit);
      if (saved && flow !== fresh) {
        setLoaded({ data: saved, flow });
        return;
      }
      setLoaded({ flow: fresh, data: freshWizardData(user) });
    });
  }, [user, draftId, fresh, visit]);
  return loaded;
}

export interface WizardDraftInput {
  ownerUserId: string;
  draftId: string;
  /** The flow the wizard was opened for: its drafts are listed and resumed by it. */
  openedAs: WizardFlow;
  machine: MachineRouteParams;
  data: WizardData;
  flow: WizardFlowState;
  /** The page visit the wizard runs in (SavedFlow's). */
  visit: string;
  /** The form's values, which change without a render. */
  formValues: () => FormValues;
  /** False once the record is queued: the draft went with it. */
  keeping: boolean;
  /** Set to "save soon" for whoever hears the form's typing. */
  typed: RefObject<() => void>;
}

/**
 * Keeps the draft as the user goes (product §2 Differs), until it is queued. What is typed on a
 * form page is in the form until Next or Previous: the draft takes it from there too, so it is
 * not lost when the session ends or the browser closes on that page.
 */
export function useWizardDraft(input: WizardDraftInput) {
  const { ownerUserId, draftId, openedAs, machine, data, flow, visit, formValues, keeping, typed } =
    input;
  const { serial, model, pin } = machine;
  // Set once the draft is done with (submitting, Solve or Cancel Request): a save still waiting
  // must not bring it back. The screen stays mounted, its timer running, while the page it
  // leaves for loads.
  const done = useRef(false);
  // A move (a new step, a prediction made) is kept at once, so a reload right after it comes
  // back to it; typing is kept once it pauses.
  const moved = useRef<WizardFlowState | null>(null);
  // The key the draft left when step 0 found the machine. The step that follows renders before
  // the path names the machine: kept there again, the same files would sit in two drafts.
  const left = useRef<string | null>(null);
  useEffect(() => {
    if (!keeping || flow.step === 6) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = (delay = 300) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (done.current || left.current === draftId) return;
        void db.caseDrafts.put({
          ownerUserId,
          id: draftId,
          flow: openedAs,
          serial: serial ?? '',
          model: model ?? '',
          pin: pin ?? '',
          subject: data.subject,
          state: {
            ...data,
            form: { ...data.form, ...formValues() },
            step: flow.step,
            flow: flow.flow,
            predictionId: flow.predictionId,
            askedForMachine: flow.askedForMachine,
            visit,
          },
          updatedAt: Date.now(),
        });
      }, delay);
    };
    typed.current = write;
    write(moved.current === flow ? 300 : 0);
    moved.current = flow;
    return () => {
      typed.current = () => undefined;
      clearTimeout(timer);
    };
  }, [
    ownerUserId,
    draftId,
    openedAs,
    serial,
    model,
    pin,
    data,
    flow,
    visit,
    formValues,
    keeping,
    typed,
  ]);

  return {
    /** Submitting: no more saves (they would bring back the draft the queue removes). */
    finish: () => {
      done.current = true;
    },
    /** The submit failed: the draft is kept again. */
    reopen: () => {
      done.current = false;
    },
    /** Solve or Cancel Request, or Link to Case: the draft is dropped and no save brings it back. */
    discard: () => {
      done.current = true;
      void db.caseDrafts.delete([ownerUserId, draftId]);
    },
    /** Step 0 found the machine: the draft goes on under the machine's key instead. */
    moveOn: () => {
      left.current = draftId;
      void db.caseDrafts.delete([ownerUserId, draftId]);
    },
  };
}
