import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { User } from '../../../contract';
import type { AnalyticsEventType } from '../../../contract/case-create';
import type { RecordKind } from '../../../contract/cases';
import { sendWizardEvents } from '../../api/wizard';
import { useOnline } from '../../components/use-online';
import { useProfile } from '../../components/use-profile';
import { useRemoteConfig } from '../../components/use-remote-config';
import { casePath } from '../../domain/case-links';
import { machineDetailPath } from '../../domain/machine-links';
import type { PredictionMachine, PredictionStepProps } from '../../domain/prediction-step';
import {
  machinePathSegments,
  parseMachineRouteParams,
  type MachineRouteParams,
} from '../../domain/route-params';
import { initialWizardFlow, type WizardFlowState } from '../../domain/wizard-flow';
import { wizardEvent } from '../../domain/wizard-events';
import type { WizardFlow } from '../../domain/wizard-steps';
import {
  useLoadedWizard,
  useWizardDraft,
  wizardDraftId,
  type LoadedWizard,
  type WizardData,
} from './use-wizard-draft';
import { useWizardFields } from './use-wizard-fields';
import { useWizardFlow } from './use-wizard-flow';
import { useWizardMachine } from './use-wizard-machine';
import { useWizardSubmit } from './use-wizard-submit';
import { WizardProgress } from './wizard-progress';
import { WizardStepView } from './wizard-step-view';

/*
 * The create case / report / prediction wizard (product §2 Create case or report wizard, Parts
 * prediction step; §4 Wizard): a shell around the moves (domain/wizard-flow.ts), one component
 * per step (wizard-step-*.tsx), the draft kept on the device as the user goes
 * (use-wizard-draft.ts) and the submission queued in the outbox (use-wizard-submit.ts).
 */

/**
 * The seam for the prediction flow. Its step 2, the parts prediction step, is the predictions
 * feature's; a feature never imports another, so the app's route element passes it in:
 *
 *   <CaseWizardScreen flow="prediction" prediction={{ renderStep: (p) => <PredictionStep {...p} />,
 *     linkToNewCase }} />
 *
 * for /support/machine/prediction/create/sn-{serial}/mn-{model}[/case-{caseId}]. The step gets
 * the machine, the symptom and the moves (domain/prediction-step.ts); Create Case goes on as a
 * case, and once that case is queued `linkToNewCase` links the prediction to it.
 */
export interface PredictionSlot {
  renderStep: (props: PredictionStepProps) => ReactNode;
  /** The link, an outbox write that waits for the case's own (its outbox id). Never throws. */
  linkToNewCase?: (predictionId: string, caseOutboxId: string) => Promise<void>;
}

/** What the navigation to a prediction carries (the machine's Choose Activity). */
function routeMachineState(state: unknown): { inventoryId: string | null; imei: string | null } {
  const s = (state ?? {}) as { inventoryId?: unknown; imei?: unknown };
  return {
    inventoryId: typeof s.inventoryId === 'string' ? s.inventoryId : null,
    imei: typeof s.imei === 'string' ? s.imei : null,
  };
}

export function CaseWizardScreen({
  flow,
  prediction,
}: {
  flow: WizardFlow;
  prediction?: PredictionSlot;
}) {
  const params = useParams();
  const { key: visit } = useLocation();
  const user = useProfile();
  const machineKey = parseMachineRouteParams(params.param1, params.param2, params.param3);
  const machineFromRoute = !!(machineKey.serial && machineKey.model);
  const caseId = machineKey.caseId ?? null;
  const fresh = useMemo(
    () => initialWizardFlow(flow, machineFromRoute, caseId),
    [flow, machineFromRoute, caseId],
  );
  const draftId = wizardDraftId(flow, machineKey);
  const loaded = useLoadedWizard(user, draftId, fresh, visit);

  if (!user || !loaded) return <Loader aria-label="Loading" />;
  if (flow === 'report' && user.kind !== 'internal') {
    return (
      <Container>
        <Alert color="red">Reports are for internal users only.</Alert>
      </Container>
    );
  }
  return (
    <WizardRun
      openedAs={flow}
      user={user}
      loaded={loaded}
      machineKey={machineKey}
      draftId={draftId}
      prediction={prediction}
    />
  );
}

function WizardRun({
  openedAs,
  user,
  loaded,
  machineKey,
  draftId,
  prediction,
}: {
  openedAs: WizardFlow;
  user: User;
  loaded: LoadedWizard;
  machineKey: MachineRouteParams;
  draftId: string;
  prediction: PredictionSlot | undefined;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const config = useRemoteConfig();
  const online = useOnline();
  const kind: RecordKind = openedAs === 'report' ? 'Report' : 'Case';
  const machineRow = useWizardMachine(user.id, machineKey);
  const fromNavigation = routeMachineState(location.state);
  const machine: PredictionMachine = {
    serial: machineKey.serial ?? '',
    model: machineKey.model ?? '',
    pin: machineKey.pin ?? machineRow?.pin ?? '',
    inventoryId: machineRow?.inventoryId ?? fromNavigation.inventoryId,
    imei: machineRow?.detail.imei ?? fromNavigation.imei,
  };

  const [data, setData] = useState<WizardData>(loaded.data);
  const update = (change: Partial<WizardData> | ((d: WizardData) => Partial<WizardData>)) =>
    setData((d) => ({ ...d, ...(typeof change === 'function' ? change(d) : change) }));
  const typed = useRef<() => void>(() => undefined);
  const fields = useWizardFields(kind, user.id, data.form, machine.imei, () => typed.current());
  const { submission, submit } = useWizardSubmit();

  const track = (type: AnalyticsEventType, detail?: Parameters<typeof wizardEvent>[4]) =>
    sendWizardEvents({
      events: [
        wizardEvent(
          crypto.randomUUID(),
          new Date(),
          {
            wizardId: data.wizardId,
            recordType: kind,
            subject: data.subject,
            serialNumber: machineKey.serial ?? null,
            modelNumber: machineKey.model ?? null,
            dtcCode: data.dtc,
          },
          type,
          detail,
        ),
      ],
    });
  const machinePage = () =>
    void navigate(
      machineKey.serial && machineKey.model
        ? machineDetailPath({
            serial: machineKey.serial,
            model: machineKey.model,
            pin: machineKey.pin,
          })
        : '/support',
    );
  const keepForm = () => update((d) => ({ form: { ...d.form, ...fields.form.getValues() } }));

  const runSubmit = async (state: WizardFlowState) => {
    const def = fields.def;
    if (!def || def === 'failed') {
      dispatch({ type: 'submitFailed' });
      return;
    }
    draft.finish();
    try {
      const queuedId = await submit({
        kind,
        def,
        productName: config?.productName ?? 'Torque',
        machine,
        data,
        form: { ...data.form, ...fields.form.getValues() },
        draftId,
      });
      track('ticket_create', { caseId: queuedId });
      if (state.predictionId && prediction?.linkToNewCase) {
        await prediction.linkToNewCase(state.predictionId, queuedId).catch(() => undefined);
      }
      dispatch({ type: 'submitted' });
    } catch {
      draft.reopen();
      dispatch({ type: 'submitFailed' });
    }
  };

  const [nav, dispatch] = useWizardFlow(loaded.flow, (before, after, action) => {
    if (after.exit?.to === 'machine') machinePage();
    if (after.exit?.to === 'case') {
      // Linked: the prediction is the case's now, and this wizard is done.
      draft.discard();
      void navigate(casePath(after.exit.caseId));
    }
    if (after.submitting && !before.submitting) void runSubmit(after);
    else if (action.type === 'next' && after.step !== before.step) {
      track('ticket_next_stage', { stage: after.step });
    }
  });
  const draft = useWizardDraft({
    ownerUserId: user.id,
    draftId,
    openedAs,
    machine: machineKey,
    data,
    flow: nav,
    visit: location.key,
    formValues: fields.form.getValues,
    keeping: !submission.queuedId,
    typed,
  });

  const leave = (reason: 'Solved' | 'Quit') => {
    track('ticket_cancel', { reason });
    draft.discard();
    dispatch({ type: reason === 'Solved' ? 'solveRequest' : 'cancelRequest' });
  };

  const predicting = nav.flow === 'prediction';
  const title = predicting ? 'Create Parts Prediction' : `Create ${kind}`;
  const machineLine = `${machineKey.model ?? ''} ${machineKey.serial ?? ''}`.trim();

  return (
    <Container size="sm" py="md" data-testid="case-wizard" data-step={String(nav.step)}>
      <Stack gap="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        {machineLine && <Text c="dimmed">{machineLine}</Text>}
        <WizardProgress
          flow={nav.flow}
          kind={kind}
          step={nav.step}
          machineFromRoute={nav.machineFromRoute && !nav.askedForMachine}
        />
        <WizardStepView
          nav={nav}
          kind={kind}
          ownerUserId={user.id}
          machine={machine}
          data={data}
          fields={fields}
          submission={submission}
          online={online}
          update={update}
          keepForm={keepForm}
          onNext={() => {
            if (nav.step === 1) track('ticket_field_update', { field: 'Subject' });
            dispatch({ type: 'next' });
          }}
          dispatch={dispatch}
          onLeave={leave}
          onMachineFound={(m) => {
            // The wizard goes on for the machine found, as if it had been opened from it.
            draft.moveOn();
            dispatch({ type: 'machineFound' });
            void navigate(`/support/machine/${openedAs}/create/${machinePathSegments(m)}/`, {
              replace: true,
            });
          }}
          onGoToCase={(id) => void navigate(casePath(id))}
          renderPredictionStep={prediction?.renderStep}
        />
      </Stack>
    </Container>
  );
}

export function CaseCreateScreen() {
  return <CaseWizardScreen flow="case" />;
}

export function ReportCreateScreen() {
  return <CaseWizardScreen flow="report" />;
}
