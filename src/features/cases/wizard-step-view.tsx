import type { ReactNode } from 'react';
import type { RecordKind } from '../../../contract/cases';
import type { MachineKey } from '../../domain/machine-links';
import type { PredictionMachine, PredictionStepProps } from '../../domain/prediction-step';
import { formPage, type WizardAction, type WizardFlowState } from '../../domain/wizard-flow';
import type { WizardData } from './use-wizard-draft';
import type { WizardFields } from './use-wizard-fields';
import type { WizardSubmission } from './use-wizard-submit';
import { WizardStepAccount } from './wizard-step-account';
import { WizardStepAttachments } from './wizard-step-attachments';
import { StepButtons } from './wizard-step-buttons';
import { ErrorStep, WizardStepDone } from './wizard-step-done';
import { WizardStepFailure } from './wizard-step-failure';
import { WizardStepForm } from './wizard-step-form';
import { WizardStepMachine } from './wizard-step-machine';
import { WizardStepSuggestions } from './wizard-step-suggestions';
import { WizardStepSymptom } from './wizard-step-symptom';
import { CASE_CREATION_ERROR_MESSAGE } from '../../../contract/case-create';

type Update = (change: Partial<WizardData> | ((d: WizardData) => Partial<WizardData>)) => void;

/** The step the flow is at, given what it shows and how it moves on. */
export function WizardStepView({
  nav,
  kind,
  ownerUserId,
  machine,
  data,
  fields,
  submission,
  online,
  update,
  keepForm,
  onNext,
  dispatch,
  onLeave,
  onMachineFound,
  onGoToCase,
  renderPredictionStep,
}: {
  nav: WizardFlowState;
  kind: RecordKind;
  ownerUserId: string;
  machine: PredictionMachine;
  data: WizardData;
  fields: WizardFields;
  submission: WizardSubmission;
  online: boolean;
  update: Update;
  /** Takes what was typed in the form into the draft. */
  keepForm: () => void;
  onNext: () => void;
  dispatch: (action: WizardAction) => void;
  onLeave: (reason: 'Solved' | 'Quit') => void;
  onMachineFound: (machine: MachineKey) => void;
  onGoToCase: (caseId: string) => void;
  renderPredictionStep: ((props: PredictionStepProps) => ReactNode) | undefined;
}): ReactNode {
  const moves = { onPrevious: () => dispatch({ type: 'previous' }), onNext };
  const restart = () => dispatch({ type: 'restart' });
  switch (nav.step) {
    case 0:
      return (
        <WizardStepMachine kind={kind} onFound={onMachineFound} onPrevious={moves.onPrevious} />
      );
    case 1:
      return (
        <WizardStepSymptom
          {...moves}
          ownerUserId={ownerUserId}
          model={machine.model}
          subject={data.subject}
          dtc={data.dtc}
          onChange={(c) => update(c)}
        />
      );
    case 2:
      if (nav.flow === 'prediction') {
        const resubmit = () => dispatch({ type: 'resubmit' });
        const props: PredictionStepProps = {
          ownerUserId,
          machine,
          symptom: data.subject,
          dtc: data.dtc,
          caseId: nav.caseId,
          predictionId: nav.predictionId,
          onPredicted: (predictionId) => dispatch({ type: 'predicted', predictionId }),
          onResubmit: resubmit,
          onCreateCase: (predictionId) => dispatch({ type: 'createCase', predictionId }),
          onLinkedToCase: () => dispatch({ type: 'linkToCase' }),
        };
        // Without the predictions feature plugged in, the step can only go back.
        return renderPredictionStep?.(props) ?? <StepButtons onPrevious={resubmit} />;
      }
      return (
        <WizardStepSuggestions
          {...moves}
          query={{
            subject: data.subject,
            dtc: data.dtc,
            serial: machine.serial,
            model: machine.model,
          }}
          onOpened={(id) =>
            update((d) => ({
              articles: d.articles.includes(id) ? d.articles : [...d.articles, id],
            }))
          }
          onSolved={() => onLeave('Solved')}
          onCancel={() => onLeave('Quit')}
        />
      );
    case 3:
      return (
        <WizardStepFailure
          {...moves}
          ownerUserId={ownerUserId}
          model={machine.model}
          value={data.failure}
          onChange={(c) => update((d) => ({ failure: { ...d.failure, ...c } }))}
        />
      );
    case 3.5:
      return (
        <WizardStepAccount
          {...moves}
          value={data.parties}
          onChange={(parties) => update({ parties })}
        />
      );
    case 4:
    case 4.1:
      return (
        <WizardStepForm
          {...moves}
          kind={kind}
          fields={fields}
          page={formPage(nav)}
          nextLabel={nav.flow === 'report' && nav.step === 4.1 ? 'Submit' : 'Next'}
          onKeep={keepForm}
        />
      );
    case 5:
      return (
        <WizardStepAttachments
          {...moves}
          files={data.files}
          message={data.message}
          onChange={(c) =>
            update((d) => ({
              files: c.files ? c.files(d.files) : d.files,
              message: c.message ?? d.message,
            }))
          }
        />
      );
    case 6:
      return (
        <WizardStepDone
          kind={kind}
          submission={submission}
          online={online}
          onGoToCase={onGoToCase}
          onRestart={restart}
        />
      );
    case 'error':
      return <ErrorStep message={CASE_CREATION_ERROR_MESSAGE} onRestart={restart} />;
  }
}
