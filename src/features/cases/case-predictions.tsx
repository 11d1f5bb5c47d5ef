import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { CaseDetail } from '../../../contract/cases';
import { predictionDetailPath, predictionPath } from '../../domain/machine-links';
import { causalPartText, probabilityText } from '../../domain/prediction-sheet';
import { useCasePredictions } from './use-case-predictions';

export const CASE_PREDICTIONS_HEADING = 'Parts Predictions';
export const NO_CASE_PREDICTIONS = 'No predictions are linked to this case.';

/**
 * product §2 Case detail, Parts Predictions: the case's linked predictions (name, top causal
 * part, its probability) and Create Prediction, which predicts for the case's machine and
 * links the prediction to the case.
 */
export function CasePredictions({ userId, detail }: { userId: string; detail: CaseDetail }) {
  const navigate = useNavigate();
  const rows = useCasePredictions(userId, detail.id);
  const machine =
    detail.serialNumber && detail.modelNumber
      ? { serial: detail.serialNumber, model: detail.modelNumber }
      : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="case-predictions">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="case-predictions">
          {CASE_PREDICTIONS_HEADING}
        </Title>
        {machine && (
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              void navigate(predictionPath(machine, detail.id), {
                state: { inventoryId: detail.inventory.inventoryId, imei: null },
              })
            }
          >
            Create Prediction
          </Button>
        )}
      </Group>
      {rows === undefined ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_CASE_PREDICTIONS}
        </Text>
      ) : (
        <Stack gap={6}>
          {rows.map(({ id, prediction: p }) => {
            const top = p.combinations[0];
            return (
              <Text size="sm" key={id} data-testid="case-prediction">
                <Anchor component={Link} to={predictionDetailPath(id)} fw={600}>
                  {p.name}
                </Anchor>
                {top ? ` · ${causalPartText(top)} · ${probabilityText(top.probability)}` : ''}
              </Text>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
