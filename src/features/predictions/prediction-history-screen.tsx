import {
  Badge,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { NO_PREDICTION_HISTORY_MESSAGE } from '../../../contract/predictions';
import { EmptyState } from '../../components/empty-state';
import { LastUpdated } from '../../components/last-updated';
import { useProfile } from '../../components/use-profile';
import { predictionDetailPath } from '../../domain/machine-links';
import { Day } from './day';
import { usePredictionHistory, type HistoryItem } from './use-prediction-history';

export const HISTORY_NEEDS_CONNECTION =
  'Prediction History has not been opened on this device yet. Connect to the internet to see it.';
export const WAITING_BADGE = 'Waiting to send';

function HistoryRow({ item }: { item: HistoryItem }) {
  const navigate = useNavigate();
  return (
    <UnstyledButton
      className="prediction-row"
      onClick={() => void navigate(predictionDetailPath(item.id))}
      p="sm"
      w="100%"
      data-testid="prediction-row"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.symptom}
          </Text>
          <Text size="sm" c="dimmed">
            {item.name} · <Day at={item.createdAt} />
          </Text>
          <Text size="sm">
            {item.modelNumber} {item.serialNumber}
          </Text>
        </Stack>
        {item.pending && (
          <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
            {WAITING_BADGE}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** /support/predictions (product §2 Prediction history). */
export function PredictionHistoryScreen() {
  const user = useProfile();
  const { history, refresh, online } = usePredictionHistory(user?.id);
  const items = history?.items ?? [];
  const neverFetched = history?.syncedAt === null;

  let body;
  if (items.length > 0) body = items.map((item) => <HistoryRow key={item.id} item={item} />);
  else if (history === undefined || refresh === 'loading' || (neverFetched && online && !refresh))
    body = <Loader size="sm" m="md" />;
  else if (neverFetched && (refresh === null || refresh.status === 'offline'))
    body = (
      <Text c="orange.9" role="status" p="md">
        {HISTORY_NEEDS_CONNECTION}
      </Text>
    );
  else body = <EmptyState>{NO_PREDICTION_HISTORY_MESSAGE}</EmptyState>;

  return (
    <Container size="md" py="md">
      <Stack gap="sm">
        <Title order={1} size="h3">
          Prediction History
        </Title>
        {!online && history?.syncedAt && <LastUpdated at={history.syncedAt} />}
        <Paper withBorder>{body}</Paper>
      </Stack>
    </Container>
  );
}
