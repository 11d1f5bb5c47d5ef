import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import {
  CASE_CREATED_MESSAGE,
  CASE_CREATION_ERROR_MESSAGE,
  CONTACT_CREATION_ERROR_MESSAGE,
} from '../../../contract/case-create';
import type { RecordKind } from '../../../contract/cases';
import { localReference } from '../../sync/local-reference';
import type { WizardSubmission } from './use-wizard-submit';

/** Step 6: the confirmation. */
export function ConfirmationStep({
  kind,
  caseNumber,
  localReference,
  online,
  onGoToCase,
}: {
  kind: RecordKind;
  caseNumber: string | null;
  localReference: string;
  /** Online the record is on its way: only offline does it wait for the connection. */
  online: boolean;
  onGoToCase: (() => void) | null;
}) {
  const noun = kind === 'Report' ? 'report' : 'case';
  return (
    <Stack gap="sm" data-testid="wizard-confirmation">
      <Title order={2} size="h3">
        {CASE_CREATED_MESSAGE}
      </Title>
      {caseNumber ? (
        <Text>
          {kind} number: <strong>{caseNumber}</strong>
        </Text>
      ) : online ? (
        <Text>
          Sending your {noun}… Local reference: <strong>{localReference}</strong>
        </Text>
      ) : (
        <Text>
          Your {noun} will be sent when the device is back online. Local reference:{' '}
          <strong>{localReference}</strong>
        </Text>
      )}
      {onGoToCase && (
        <Button onClick={onGoToCase}>{kind === 'Report' ? 'GO TO REPORT' : 'GO TO CASE'}</Button>
      )}
    </Stack>
  );
}

/** The error screen: Restart goes back to the form (step 4). */
export function ErrorStep({ message, onRestart }: { message: string; onRestart: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="red" role="alert">
        {message || CASE_CREATION_ERROR_MESSAGE}
      </Alert>
      <Button onClick={onRestart}>Restart</Button>
    </Stack>
  );
}

/**
 * Step 6 as the queued record goes: the confirmation while it is on its way or made, the
 * error screen when the gateway refused it, and the contact's own message when the new
 * contact it waits for was refused.
 */
export function WizardStepDone({
  kind,
  submission,
  online,
  onGoToCase,
  onRestart,
}: {
  kind: RecordKind;
  submission: WizardSubmission;
  online: boolean;
  onGoToCase: (caseId: string) => void;
  onRestart: () => void;
}) {
  const { queuedId, status, created, contactRefused } = submission;
  if (contactRefused) {
    return (
      <Alert color="red" role="alert">
        {CONTACT_CREATION_ERROR_MESSAGE} Fix the contact on Offline &amp; sync and send it again;
        nothing is lost.
      </Alert>
    );
  }
  if (status === 'needs-attention') {
    return <ErrorStep message={CASE_CREATION_ERROR_MESSAGE} onRestart={onRestart} />;
  }
  return (
    <ConfirmationStep
      kind={kind}
      caseNumber={created?.caseNumber ?? null}
      localReference={queuedId ? localReference(queuedId) : ''}
      online={online}
      onGoToCase={created ? () => onGoToCase(created.id) : null}
    />
  );
}
