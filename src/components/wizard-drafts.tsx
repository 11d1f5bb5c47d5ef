import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from 'react-router';
import { db, ownerRange } from '../db/db';
import type { CaseDraftRow } from '../db/schema';
import { wizardResumePath } from '../domain/machine-links';
import { holdsMadePrediction } from '../domain/wizard-flow';
import {
  finishDraftDiscard,
  holdDraftForDiscard,
  releaseDraftDiscard,
} from '../sync/draft-discard';
import { offerUndo } from './pending-undo';

/** Hidden at once, gone for good once the time to undo is up. */
async function discardWithUndo(d: CaseDraftRow, noun: string) {
  await holdDraftForDiscard(d.ownerUserId, d.id);
  offerUndo({
    key: `draft-${d.ownerUserId}-${d.id}`,
    message: `Draft discarded: ${noun} for ${d.model} ${d.serial}`,
    undo: () => releaseDraftDiscard(d.ownerUserId, d.id),
    commit: () => finishDraftDiscard(d.ownerUserId, d.id),
  });
}

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
      ).filter(
        (d) =>
          !d.discardingAt &&
          !holdsMadePrediction(d.state) &&
          (!machine || (d.serial === machine.serial && d.model === machine.model)),
      ),
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
                <Button size="xs" variant="default" onClick={() => void discardWithUndo(d, noun)}>
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
