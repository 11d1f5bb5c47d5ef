import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { NO_PREDICTIONS_MESSAGE } from '../../../contract/predictions';
import type { PredictionRow } from '../../db/schema';
import { answerHeading } from '../../domain/prediction-sheet';
import { PredictionAnswer } from './prediction-answer';
import { printPartsSheet } from './print-parts-sheet';
import { ProblemSuggestions } from './problem-suggestions';
import { usePredictionRun, type PredictionRunInput } from './use-prediction-run';

export const PARTS_PREDICTIONS_HEADING = 'Parts Predictions';
/** product §2: with no predictions, resubmit to add details. */
export const RESUBMIT_HINT = 'Resubmit with more detail about the symptom to try again.';
export const WAITING_TO_SEND = 'Ranked on this device; waiting to send.';
export const PRINT_FAILED_MESSAGE = 'The parts sheet could not be made. Please try again.';

export interface PredictionStepProps extends PredictionRunInput {
  /** Create Case: the case wizard goes on with this machine and symptom. */
  onCreateCase: (predictionId: string) => void;
  /** Link to Case (when the prediction was started from a case). */
  onLinkToCase: (predictionId: string) => void;
  /** Resubmit: back one step, the symptom kept. */
  onResubmit: () => void;
}

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
 * product §2 Parts prediction step: the prediction for the symptom on the left, Problem
 * Suggestions on the right, and Create Case (or Link to Case), Print and Resubmit.
 */
export function PredictionStep(props: PredictionStepProps) {
  const run = usePredictionRun(props);
  const [printError, setPrintError] = useState(false);
  const row = run.state === 'ready' ? run.row : null;
  const ready = row !== null;
  const linking = props.caseId !== null;

  const print = () => {
    if (!row) return;
    setPrintError(false);
    printPartsSheet(row.prediction).catch(() => setPrintError(true));
  };

  return (
    <Stack gap="md" data-testid="prediction-step">
      <Group gap="sm">
        <Button
          disabled={!ready}
          onClick={() => row && (linking ? props.onLinkToCase(row.id) : props.onCreateCase(row.id))}
        >
          {linking ? 'Link to Case' : 'Create Case'}
        </Button>
        <Button variant="default" disabled={!ready} onClick={print}>
          Print
        </Button>
        <Button variant="default" onClick={props.onResubmit}>
          Resubmit
        </Button>
      </Group>
      {printError && (
        <Alert color="red" role="alert">
          {PRINT_FAILED_MESSAGE}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm" component="section" aria-labelledby="parts-predictions">
            <Title order={2} size="h4" id="parts-predictions">
              {PARTS_PREDICTIONS_HEADING}
            </Title>
            <Text size="sm">
              Model: {props.model} · Serial: {props.serial}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Symptom: {props.symptom}
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
            ownerUserId={props.ownerUserId}
            symptom={props.symptom}
            model={props.model}
            serial={props.serial}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
