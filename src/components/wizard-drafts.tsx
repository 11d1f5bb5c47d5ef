import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from 'react-router';
import { db, ownerRange } from '../db/db';
import { wizardResumePath } from '../domain/machine-links';

/**
 * Unfinished create case / report / prediction wizards of the signed-in user (product §2 wizard, Differs:
 * drafts), newest first, with Resume and Discard. On a machine page only that machine's.
 */
export function WizardDrafts({
  ownerUserId,
  machine,
}: {
  ownerUserId: string;
  machine?: { serial: string; model: string };
}) {
  const navigate = useNavigate();
  const drafts = useLiveQuery(
    async () =>
      (
        await db.caseDrafts
          .where('[ownerUserId+updatedAt]')
          .between(...ownerRange(ownerUserId))
          .reverse()
          .toArray()
      ).filter((d) => !machine || (d.serial === machine.serial && d.model === machine.model)),
    [ownerUserId, machine?.serial, machine?.model],
  );
  if (!drafts || drafts.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="wizard-drafts">
      <Title order={2} size="h4" mb="sm">
        Unfinished drafts
      </Title>
      <Stack gap="xs">
        {drafts.map((d) => {
          const key = { serial: d.serial, model: d.model, pin: d.pin };
          const noun =
            d.flow === 'report' ? 'Report' : d.flow === 'prediction' ? 'Parts Prediction' : 'Case';
          return (
            <Group key={d.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {noun} for {d.model} {d.serial}
                {d.subject ? `: ${d.subject}` : ''} ({new Date(d.updatedAt).toLocaleString()})
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" onClick={() => void navigate(wizardResumePath(d.flow, key))}>
                  Resume
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void db.caseDrafts.delete([ownerUserId, d.id])}
                >
                  Discard
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
