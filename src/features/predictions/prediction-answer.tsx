import { Group, List, Stack, Text } from '@mantine/core';
import type { PartsCombination } from '../../../contract/predictions';
import {
  causalPartText,
  labourText,
  partLine,
  probabilityText,
} from '../../domain/prediction-sheet';

/**
 * One ranked answer (product §2 Parts prediction step): the causal part, the parts to bring
 * with their quantities, the labour in whole hours and the probability as a percent.
 */
export function PredictionAnswer({ answer }: { answer: PartsCombination }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600}>
          Causal part:{' '}
        </Text>
        <span data-testid="causal-part">{causalPartText(answer)}</span>
      </Text>
      <Text size="sm" fw={600}>
        Parts:
      </Text>
      {answer.requiredParts.length > 0 ? (
        <List size="sm" spacing={2} data-testid="required-parts">
          {answer.requiredParts.map((p) => (
            <List.Item key={p.partNumber}>{partLine(p)}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          None recorded
        </Text>
      )}
      <Group gap="lg">
        <Text size="sm">
          <Text span fw={600}>
            Labor:{' '}
          </Text>
          {labourText(answer.labourHours)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Probability:{' '}
          </Text>
          <span data-testid="probability">{probabilityText(answer.probability)}</span>
        </Text>
      </Group>
    </Stack>
  );
}
