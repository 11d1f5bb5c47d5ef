import {
  Accordion,
  Alert,
  Button,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  NO_PREDICTIONS_MESSAGE,
  PREDICTION_LOAD_FAILED_MESSAGE,
} from '../../../contract/predictions';
import { LastUpdated } from '../../components/last-updated';
import { useProfile } from '../../components/use-profile';
import type { PredictionRow } from '../../db/schema';
import {
  answerHeading,
  causalPartText,
  outcomeText,
  probabilityText,
} from '../../domain/prediction-sheet';
import { Day } from './day';
import { PredictionAnswer } from './prediction-answer';
import { LinkedCase, LinkToCasePanel } from './prediction-case';
import { PRINT_FAILED_MESSAGE, WAITING_TO_SEND } from './prediction-step';
import { printPartsSheet } from './print-parts-sheet';
import { usePrediction } from './use-prediction';

function PredictionView({ row, online }: { row: PredictionRow; online: boolean }) {
  const p = row.prediction;
  const outcome = outcomeText(p);
  const [printFailed, setPrintFailed] = useState(false);
  const print = () => {
    setPrintFailed(false);
    printPartsSheet(p).catch(() => setPrintFailed(true));
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h3">
          {p.name}
        </Title>
        <Button variant="default" onClick={print}>
          Print
        </Button>
      </Group>
      {printFailed && (
        <Alert color="red" role="alert">
          {PRINT_FAILED_MESSAGE}
        </Alert>
      )}
      {!online && <LastUpdated at={row.syncedAt} />}
      {row.pending && (
        <Text size="sm" c="orange.9" role="status">
          {WAITING_TO_SEND}
        </Text>
      )}
      <Text size="sm">
        Model: {p.modelNumber} · Serial: {p.serialNumber} · Created: <Day at={p.createdAt} />
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Symptom: {p.symptom}
      </Text>
      {p.caseId ? <LinkedCase row={row} caseId={p.caseId} /> : <LinkToCasePanel row={row} />}
      {outcome && (
        <Text size="sm" fw={500}>
          {outcome}
        </Text>
      )}
      {p.combinations.length === 0 ? (
        <Alert color="yellow">{NO_PREDICTIONS_MESSAGE}</Alert>
      ) : (
        <Accordion variant="separated" multiple defaultValue={['0']}>
          {p.combinations.map((c, i) => (
            <Accordion.Item key={c.causalPart} value={String(i)} data-testid="prediction-item">
              <Accordion.Control>
                {answerHeading(i)}: {causalPartText(c)} ({probabilityText(c.probability)})
              </Accordion.Control>
              <Accordion.Panel>
                <PredictionAnswer answer={c} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

/** /support/prediction/:id (product §2 Prediction detail). */
export function PredictionDetailScreen() {
  const { id = '' } = useParams();
  const user = useProfile();
  const { row, refresh, online } = usePrediction(user?.id, id);

  let body;
  if (row) body = <PredictionView row={row} online={online} />;
  else if (
    id &&
    (row === undefined ||
      refresh === 'loading' ||
      refresh?.status === 'ok' || // stored: the read shows it next
      (refresh === null && online))
  )
    body = <Loader m="xl" aria-label="Loading" />;
  else
    body = (
      <Alert color="red" role="alert">
        {PREDICTION_LOAD_FAILED_MESSAGE}
      </Alert>
    );
  return (
    <Container size="md" py="md">
      {body}
    </Container>
  );
}
