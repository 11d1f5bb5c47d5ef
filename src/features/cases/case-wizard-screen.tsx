import { Alert, Container, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  CASE_CREATION_ERROR_MESSAGE,
  CONTACT_CREATION_ERROR_MESSAGE,
  SUBJECT_REQUIRED_MESSAGE,
  type AnalyticsEventType,
  createCaseResponseSchema,
} from '../../../contract/case-create';
import type { RecordKind } from '../../../contract/cases';
import { sendWizardEvents } from '../../api/wizard';
import { wizardEvent } from '../../domain/wizard-events';
import { ModelSerialForm, type ModelSerialInput } from '../../components/model-serial-form';
import { useOnline } from '../../components/use-online';
import { useProfile } from '../../components/use-profile';
import { useRemoteConfig } from '../../components/use-remote-config';
import { db } from '../../db/db';
import { buildCaseFields, type FailureDetails } from '../../domain/case-payload';
import { initialPicklistState, type PicklistState } from '../../domain/dependent-picklists';
import {
  FORM_PAGES,
  formErrors,
  layoutFields,
  pageFields,
  type FormValues,
} from '../../domain/dynamic-form';
import { machineDetailPath, casePath } from '../../domain/machine-links';
import { canLeaveParties } from '../../domain/new-contact';
import { machinePathSegments, parseMachineRouteParams } from '../../domain/route-params';
import {
  RESTART_STEP,
  firstStep,
  nextMove,
  parseStep,
  previousMove,
  type WizardFlow,
  type WizardMove,
  type WizardStep,
} from '../../domain/wizard-steps';
import { queueNewCase } from '../../sync/case-create';
import { localReference } from '../../sync/local-reference';
import { caseDefinitionFor, type CaseDefinition } from '../../sync/wizard-lookups';
import { AttachmentPicker, usePreparedFiles, type PickedFile } from './attachment-picker';
import { useWizardMachine } from './use-wizard-machine';
import { WizardFormPages, useWizardForm } from './wizard-form';
import { WizardProgress } from './wizard-progress';
import {
  ConfirmationStep,
  ErrorStep,
  FailureStep,
  PartiesStep,
  StepButtons,
  SuggestionsStep,
  SymptomStep,
  failureErrors,
  type FailureErrors,
  type Parties,
} from './wizard-steps';

/*
 * The create case / report wizard (product §2 Create case or report wizard, §4 Wizard). What
 * the user types is kept as a draft on the device (per user) as they go; submitting queues the
 * whole case in the outbox (sync/case-create.ts), online or not.
 */

interface WizardState {
  /** One run of the wizard, for analytics (product §4). */
  wizardId: string;
  step: WizardStep;
  subject: string;
  dtc: string;
  articles: string[];
  failure: FailureDetails;
  parties: Parties;
  form: FormValues;
  message: string;
  files: PickedFile[];
}

const EMPTY_FAILURE: FailureDetails = {
  assembly: '',
  subAssembly: '',
  keyPart: '',
  failureDate: '',
  probableCauseRemarks: '',
};

/** The record type's layout and picklists: from the gateway, or kept from an earlier visit. */
function useDefinition(kind: RecordKind, ownerUserId: string | undefined) {
  const [def, setDef] = useState<CaseDefinition | null | 'failed'>(null);
  useEffect(() => {
    if (!ownerUserId) return;
    const ctl = new AbortController();
    caseDefinitionFor(ownerUserId, kind, ctl.signal).then(
      (found) => setDef(found ?? 'failed'),
      () => undefined, // aborted: the wizard left
    );
    return () => ctl.abort();
  }, [kind, ownerUserId]);
  return def;
}

export function CaseWizardScreen({ flow }: { flow: WizardFlow }) {
  const params = useParams();
  const navigate = useNavigate();
  const user = useProfile();
  const config = useRemoteConfig();
  const online = useOnline();
  const machineKey = parseMachineRouteParams(params.param1, params.param2, params.param3);
  const machineFromRoute = !!(machineKey.serial && machineKey.model);
  const kind: RecordKind = flow === 'report' ? 'Report' : 'Case';
  const def = useDefinition(kind, user?.id);
  const draftId = `${flow}|${machineKey.model ?? ''}|${machineKey.serial ?? ''}`;

  const machineRow = useWizardMachine(user?.id, machineKey);

  const [state, setState] = useState<WizardState | null>(null);
  const [symptomError, setSymptomError] = useState<string | null>(null);
  const [failErrors, setFailErrors] = useState<FailureErrors>({});
  const [partiesChecked, setPartiesChecked] = useState(false);
  const [picklistState, setPicklistState] = useState<PicklistState | null>(null);
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const [errorMessage, setErrorMessage] = useState('');
  const attach = usePreparedFiles((f) =>
    setState((s) => (s ? { ...s, files: [...s.files, f] } : s)),
  );
  const [machineInput, setMachineInput] = useState<ModelSerialInput>({ model: '', serial: '' });
  // Set once the draft is done with (submitting, Solve or Cancel Request): a draft save still
  // waiting must not bring it back. The screen stays mounted, its timer running, while the
  // page it leaves for loads.
  const draftDone = useRef(false);

  // Start from the draft, or fresh with the user's own account and contact (product §6).
  useEffect(() => {
    if (!user || state) return;
    void db.caseDrafts.get([user.id, draftId]).then((draft) => {
      const saved = draft?.state as WizardState | undefined;
      const step = saved ? parseStep(saved.step) : null;
      setState(
        saved && step !== null && step !== 6
          ? { ...saved, step }
          : {
              wizardId: crypto.randomUUID(),
              step: firstStep(machineFromRoute),
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
            },
      );
    });
  }, [user, draftId, machineFromRoute, state]);

  // Both pages of the form, each with the fields it shows now.
  const savedForm = state?.form;
  const formPages = useMemo(
    () =>
      ([0, 1] as const).map((page) =>
        def && def !== 'failed' && savedForm ? pageFields(def.layout, kind, page, savedForm) : [],
      ),
    [def, savedForm, kind],
  );
  const allFields = useMemo(
    () => (def && def !== 'failed' ? [...layoutFields(def.layout).values()] : []),
    [def],
  );
  // Set by the draft's effect below: the form's values change without a render.
  const writeDraftSoon = useRef<() => void>(() => undefined);
  const form = useWizardForm(allFields, state?.form ?? {}, () => writeDraftSoon.current());

  // Keep the draft as the user goes (product §2 Differs), until it is queued. What is typed on
  // a form page is in the form until Next or Previous: the draft takes it from there, so it
  // is not lost when the session ends or the browser closes on that page.
  useEffect(() => {
    if (!user || !state || queuedId || state.step === 6) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (draftDone.current) return;
        void db.caseDrafts.put({
          ownerUserId: user.id,
          id: draftId,
          flow,
          serial: machineKey.serial ?? '',
          model: machineKey.model ?? '',
          pin: machineKey.pin ?? '',
          subject: state.subject,
          state: { ...state, form: { ...state.form, ...form.getValues() } },
          updatedAt: Date.now(),
        });
      }, 300);
    };
    writeDraftSoon.current = write;
    write();
    return () => {
      writeDraftSoon.current = () => undefined;
      clearTimeout(timer);
    };
  }, [
    user,
    state,
    queuedId,
    draftId,
    flow,
    machineKey.serial,
    machineKey.model,
    machineKey.pin,
    form,
  ]);
  const formStarted = useRef(false);
  useEffect(() => {
    if (!def || def === 'failed' || !state || formStarted.current) return;
    formStarted.current = true;
    const ps = initialPicklistState(def.picklists, state.form as Record<string, string>);
    setPicklistState(ps);
    form.setValues({ ...state.form, ...ps.values });
  }, [def, state, form]);
  // The read-only IMEI Number shows the machine's, which is the one the new record carries.
  const imei = machineRow?.detail.imei ?? null;
  useEffect(() => {
    if (!picklistState || !imei || form.getValues().IMEI_Number__c === imei) return;
    form.setFieldValue('IMEI_Number__c', imei);
  }, [picklistState, imei, form]);

  const queued = useLiveQuery(
    async () => (queuedId ? await db.outbox.get(queuedId) : undefined),
    [queuedId],
  );
  const contactRefused = useLiveQuery(
    async () =>
      queued?.dependsOn[0]
        ? (await db.outbox.get(queued.dependsOn[0]))?.status === 'needs-attention'
        : false,
    [queued?.dependsOn[0]],
  );
  const created =
    queued?.status === 'done' ? createCaseResponseSchema.safeParse(queued.result).data : undefined;

  const machinePage = () =>
    void navigate(
      machineFromRoute
        ? machineDetailPath({
            serial: machineKey.serial,
            model: machineKey.model,
            pin: machineKey.pin,
          })
        : '/support',
    );

  if (user === undefined || !state) return <Loader aria-label="Loading" />;
  if (flow === 'report' && user?.kind !== 'internal') {
    return (
      <Container>
        <Alert color="red">Reports are for internal users only.</Alert>
      </Container>
    );
  }
  const update = (change: Partial<WizardState>) => setState((s) => (s ? { ...s, ...change } : s));
  const track = (type: AnalyticsEventType, detail?: Parameters<typeof wizardEvent>[4]) =>
    sendWizardEvents({
      events: [
        wizardEvent(
          crypto.randomUUID(),
          new Date(),
          {
            wizardId: state.wizardId,
            recordType: kind,
            subject: state.subject,
            serialNumber: machineKey.serial ?? null,
            modelNumber: machineKey.model ?? null,
            dtcCode: state.dtc,
          },
          type,
          detail,
        ),
      ],
    });
  const syncForm = () => update({ form: { ...state.form, ...form.getValues() } });
  const onPicklistState = (ps: PicklistState) => {
    setPicklistState(ps);
    syncForm();
  };

  const submit = async () => {
    if (!def || def === 'failed' || !user) return;
    draftDone.current = true;
    const values = { ...state.form, ...form.getValues() };
    try {
      const fields = buildCaseFields({
        kind,
        productName: config?.productName ?? 'Torque',
        recordTypeId: def.layout.recordType.id,
        machine: {
          serial: machineKey.serial ?? '',
          model: machineKey.model ?? '',
          pin: machineKey.pin ?? machineRow?.pin ?? '',
          inventoryId: machineRow?.inventoryId ?? null,
          imei: machineRow?.detail.imei ?? null,
        },
        subject: state.subject,
        dtc: state.dtc,
        failure: state.failure,
        accountId: state.parties.accountId,
        contactId: state.parties.newContact ? null : state.parties.contactId,
        form: values,
        fields: layoutFields(def.layout),
        defaults: def.layout.defaults,
      });
      const nc = state.parties.newContact;
      const q = await queueNewCase({
        kind,
        fields,
        newContact:
          nc && state.parties.accountId ? { ...nc, accountId: state.parties.accountId } : null,
        files: state.files,
        message: state.message,
        draftId,
      });
      setQueuedId(q.caseEntry.id);
      track('ticket_create', { caseId: q.caseEntry.id });
      update({ step: 6 });
    } catch {
      draftDone.current = false;
      setErrorMessage(CASE_CREATION_ERROR_MESSAGE);
      update({ step: 'error' });
    }
  };

  const apply = (move: WizardMove) => {
    if (move.to === 'machine') machinePage();
    else if (move.to === 'submit') void submit();
    else update({ step: move.step });
  };
  const leave = (reason: 'Solved' | 'Quit') => {
    track('ticket_cancel', { reason });
    draftDone.current = true;
    void db.caseDrafts.delete([user!.id, draftId]);
    machinePage();
  };

  const formPage = state.step === 4.1 ? 1 : 0;
  const next = () => {
    const step = state.step;
    if (step === 1 && state.subject.trim() === '') {
      setSymptomError(SUBJECT_REQUIRED_MESSAGE);
      return;
    }
    setSymptomError(null);
    if (step === 1) track('ticket_field_update', { field: 'Subject' });
    if (step === 3) {
      const errors = failureErrors(state.failure);
      setFailErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    if (step === 3.5) {
      setPartiesChecked(true);
      if (!canLeaveParties(state.parties)) return;
    }
    if (step === 4 || step === 4.1) {
      const errors = formErrors(formPages[formPage]!, form.getValues());
      form.setErrors(errors);
      if (Object.keys(errors).length > 0) {
        // product §5: any error blocks and scrolls to the top.
        window.scrollTo?.({ top: 0 });
        return;
      }
      syncForm();
    }
    const move = nextMove(flow, step);
    if (move.to === 'step') track('ticket_next_stage', { stage: move.step });
    apply(move);
  };
  const previous = () => {
    if (state.step === 4 || state.step === 4.1) syncForm();
    apply(previousMove(flow, state.step, machineFromRoute));
  };

  const title = `Create ${kind}`;
  const machineLine = `${machineKey.model ?? ''} ${machineKey.serial ?? ''}`.trim();
  const loadingForm = def === null;

  return (
    <Container size="sm" py="md" data-testid="case-wizard" data-step={String(state.step)}>
      <Stack gap="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        {machineLine && <Text c="dimmed">{machineLine}</Text>}
        <WizardProgress
          flow={flow}
          kind={kind}
          step={state.step}
          machineFromRoute={machineFromRoute}
        />

        {state.step === 0 && (
          <>
            <Text>Which machine is this {kind === 'Report' ? 'report' : 'case'} for?</Text>
            <ModelSerialForm
              value={machineInput}
              onChange={setMachineInput}
              onFound={(m) => {
                // The wizard goes on for the machine found, as if it had been opened from it.
                void db.caseDrafts.delete([user!.id, draftId]);
                update({ step: 1 });
                void navigate(`/support/machine/${flow}/create/${machinePathSegments(m)}/`, {
                  replace: true,
                });
              }}
            />
            <StepButtons onPrevious={previous} />
          </>
        )}
        {state.step === 1 && (
          <>
            <SymptomStep
              ownerUserId={user!.id}
              model={machineKey.model ?? ''}
              subject={state.subject}
              dtc={state.dtc}
              error={symptomError}
              onChange={(c) => update(c)}
            />
            <StepButtons onPrevious={previous} onNext={next} />
          </>
        )}
        {state.step === 2 && (
          <>
            <StepButtons onPrevious={previous} onNext={next} />
            <SuggestionsStep
              query={{
                subject: state.subject,
                dtc: state.dtc,
                serial: machineKey.serial ?? '',
                model: machineKey.model ?? '',
              }}
              onOpened={(id) =>
                update({
                  articles: state.articles.includes(id) ? state.articles : [...state.articles, id],
                })
              }
              onSolved={() => leave('Solved')}
              onCancel={() => leave('Quit')}
            />
          </>
        )}
        {state.step === 3 && (
          <>
            <FailureStep
              ownerUserId={user!.id}
              model={machineKey.model ?? ''}
              value={state.failure}
              errors={failErrors}
              onChange={(c) => update({ failure: { ...state.failure, ...c } })}
            />
            <StepButtons onPrevious={previous} onNext={next} />
          </>
        )}
        {state.step === 3.5 && (
          <>
            <PartiesStep
              value={state.parties}
              showErrors={partiesChecked}
              onChange={(parties) => update({ parties })}
            />
            <StepButtons onPrevious={previous} onNext={next} />
          </>
        )}
        {(state.step === 4 || state.step === 4.1) &&
          (loadingForm ? (
            <Loader aria-label="Loading the form" />
          ) : def === 'failed' || !picklistState ? (
            <Alert color="red">{CASE_CREATION_ERROR_MESSAGE}</Alert>
          ) : (
            <>
              <WizardFormPages
                headings={FORM_PAGES[kind].map((page) => page.heading)}
                fields={formPages}
                current={formPage}
                form={form}
                picklists={def.picklists}
                picklistState={picklistState}
                onPicklistState={onPicklistState}
              />
              <StepButtons
                onPrevious={previous}
                onNext={next}
                nextLabel={flow === 'report' && state.step === 4.1 ? 'Submit' : 'Next'}
              />
            </>
          ))}
        {state.step === 5 && (
          <>
            <Title order={2} size="h4">
              Attachments
            </Title>
            <AttachmentPicker
              files={state.files}
              {...attach}
              onRemove={(key) => update({ files: state.files.filter((f) => f.key !== key) })}
            />
            <Textarea
              label="Message"
              rows={4}
              value={state.message}
              onChange={(e) => update({ message: e.currentTarget.value })}
            />
            <StepButtons
              onPrevious={previous}
              onNext={next}
              nextLabel="Submit"
              waiting={attach.waiting}
            />
          </>
        )}
        {state.step === 6 &&
          (contactRefused ? (
            <Alert color="red" role="alert">
              {CONTACT_CREATION_ERROR_MESSAGE} Fix the contact on Offline &amp; sync and send it
              again; nothing is lost.
            </Alert>
          ) : queued?.status === 'needs-attention' ? (
            <ErrorStep
              message={CASE_CREATION_ERROR_MESSAGE}
              onRestart={() => update({ step: RESTART_STEP })}
            />
          ) : (
            <ConfirmationStep
              kind={kind}
              caseNumber={created?.caseNumber ?? null}
              localReference={queuedId ? localReference(queuedId) : ''}
              online={online}
              onGoToCase={created ? () => void navigate(casePath(created.id)) : null}
            />
          ))}
        {state.step === 'error' && (
          <ErrorStep message={errorMessage} onRestart={() => update({ step: RESTART_STEP })} />
        )}
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
