import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  NO_PREDICTIONS_MESSAGE,
  PREDICTION_LINK_FAILED_MESSAGE,
} from '../../../contract/predictions';
import type { PredictionRow } from '../../db/schema';
import type { PredictionStepProps } from '../../domain/prediction-step';
import { answerHeading } from '../../domain/prediction-sheet';
import { linkToCase } from './link-prediction';
import { PredictionAnswer } from './prediction-answer';
import { printPartsSheet } from './print-parts-sheet';
import { ProblemSuggestions } from './problem-suggestions';
import { usePredictionRun } from './use-prediction-run';

export const PARTS_PREDICTIONS_HEADING = 'Parts Predictions';
/** product §2: with no predictions, resubmit to add details. */
export const RESUBMIT_HINT = 'Resubmit with more detail about the symptom to try again.';
export const WAITING_TO_SEND = 'Ranked on this device; waiting to send.';
export const PRINT_FAILED_MESSAGE = 'The parts sheet could not be made. Please try again.';

/** Each 'Prediction #n', or the no-predictions warning. */
function Answers({ row }: { row: PredictionRow | null }) {
  const answers = row?.prediction.combinations ?? [];
  if (answers.length === 0) {
    return (
      <Alert color="yellow" title={NO_PREDICTIONS_MESSAGE}>
        {RESUBMIT_HINT}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {answers.map((answer, i) => (
        <Paper key={answer.causalPart} withBorder p="sm" data-testid="prediction-answer">
          <Title order={3} size="h5" mb={4}>
            {answerHeading(i)}
          </Title>
          <PredictionAnswer answer={answer} />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * product §2 Parts prediction step, the prediction flow's step 2: the prediction for the symptom
 * on the left, Problem Suggestions on the right, and Create Case (or Link to Case), Print and
 * Resubmit. The wizard holds the moves; this step makes the prediction and links it to the case
 * it was started from.
 */
export function PredictionStep(props: PredictionStepProps) {
  const { ownerUserId, machine, symptom, caseId } = props;
  const run = usePredictionRun({
    ownerUserId,
    model: machine.model,
    serial: machine.serial,
    symptom,
    caseId,
    predictionId: props.predictionId,
    onMade: props.onPredicted,
  });
  const [error, setError] = useState<string | null>(null);
  const row = run.state === 'ready' ? run.row : null;
  const ready = row !== null;

  const print = () => {
    if (!row) return;
    setError(null);
    printPartsSheet(row.prediction).catch(() => setError(PRINT_FAILED_MESSAGE));
  };
  const goOn = () => {
    if (!row) return;
    if (!caseId) {
      props.onCreateCase(row.id);
      return;
    }
    setError(null);
    linkToCase(row, caseId).then(props.onLinkedToCase, () =>
      setError(PREDICTION_LINK_FAILED_MESSAGE),
    );
  };

  return (
    <Stack gap="md" data-testid="prediction-step">
      <Group gap="sm">
        <Button disabled={!ready} onClick={goOn}>
          {caseId ? 'Link to Case' : 'Create Case'}
        </Button>
        <Button variant="default" disabled={!ready} onClick={print}>
          Print
        </Button>
        <Button variant="default" onClick={props.onResubmit}>
          Resubmit
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm" component="section" aria-labelledby="parts-predictions">
            <Title order={2} size="h4" id="parts-predictions">
              {PARTS_PREDICTIONS_HEADING}
            </Title>
            <Text size="sm">
              Model: {machine.model} · Serial: {machine.serial}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Symptom: {symptom}
            </Text>
            {row?.pending && (
              <Text size="sm" c="orange.9" role="status">
                {WAITING_TO_SEND}
              </Text>
            )}
            {run.state === 'running' ? (
              <Loader size="sm" aria-label="Predicting" />
            ) : (
              <Answers row={row} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <ProblemSuggestions
            ownerUserId={ownerUserId}
            symptom={symptom}
            model={machine.model}
            serial={machine.serial}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
