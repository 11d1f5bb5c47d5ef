import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { DcuPairing } from '../../../contract/dcu';
import type { OutboxRow } from '../../db/schema';
import type { NewContactInput } from '../../domain/new-contact';
import type { ContactCreatePayload } from '../../sync/case-create-kinds';
import type { CaseFeedItemPayload } from '../../sync/case-write-kinds';
import { offerUndo } from '../../components/pending-undo';
import {
  editEntry,
  finishDiscard,
  holdForDiscard,
  releaseDiscard,
  retryEntry,
} from '../../sync/outbox';
import { useOnline } from '../../components/use-online';
import { entryErrorText, nextTryText, STATUS_LABELS } from '../../sync/outbox-status';
import { requestReplay, signInToSend } from '../../sync/replay';
import { DiscardChangeModal } from './discard-change-modal';
import { EditContactModal } from './edit-contact-modal';
import { EditEngineHoursModal } from './edit-engine-hours-modal';
import { EditUpdateTextModal } from './edit-update-text-modal';

const STATUS_COLORS: Record<OutboxRow['status'], string> = {
  pending: 'gray',
  sending: 'blue',
  retry: 'yellow',
  'waiting-for-sign-in': 'grape',
  'needs-attention': 'red',
  done: 'green',
};

/**
 * One queued write: what it is, where it stands, why it failed; Sign in (when an ended session
 * stopped it), Retry, Edit, Discard.
 */
export function OutboxEntryCard({ entry }: { entry: OutboxRow }) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const busy = entry.status === 'sending';
  const canRetry = entry.status !== 'pending' && !busy;
  // Editable where it makes sense: a DCU pairing's engine hours, a case update's text, a new
  // contact the gateway refused.
  const hours =
    entry.kind === 'dcu-pairing' ? ((entry.payload as Partial<DcuPairing>).usageHours ?? '') : null;
  const update = entry.kind === 'case-feed-item' ? (entry.payload as CaseFeedItemPayload) : null;
  const contact = entry.kind === 'contact-create' ? (entry.payload as ContactCreatePayload) : null;
  const editable = hours !== null || update !== null || contact !== null;
  const online = useOnline();
  const [tick, setTick] = useState(0);
  // Drawn again when the shown next try comes, so it never stays on screen once past.
  useEffect(() => {
    const wait = entry.nextAttemptAt - Date.now();
    if (entry.status !== 'retry' || wait <= 0) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.min(wait + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [entry.status, entry.nextAttemptAt, tick]);
  const nextTry = nextTryText(entry, Date.now(), online);

  const retry = async () => {
    if (await retryEntry(entry.id, entry.ownerUserId)) void requestReplay();
  };
  const saveHours = async (usageHours: string) => {
    setEditing(false);
    const payload = { ...(entry.payload as DcuPairing), usageHours };
    if (await editEntry(entry.id, entry.ownerUserId, payload)) void requestReplay();
  };
  const saveText = async (body: string) => {
    setEditing(false);
    if (await editEntry(entry.id, entry.ownerUserId, { ...update!, body })) void requestReplay();
  };
  const saveContact = async (fixed: NewContactInput) => {
    setEditing(false);
    const summary = `Create contact ${fixed.firstName} ${fixed.lastName}`;
    if (await editEntry(entry.id, entry.ownerUserId, { ...contact!, ...fixed }, summary)) {
      void requestReplay();
    }
  };
  const discard = async () => {
    setConfirming(false);
    const { id, ownerUserId } = entry;
    if (!(await holdForDiscard(id, ownerUserId))) return;
    offerUndo({
      key: `outbox-${id}`,
      message: `Change discarded: ${entry.summary}`,
      undo: async () => {
        if (await releaseDiscard(id, ownerUserId)) void requestReplay();
      },
      commit: () => finishDiscard(id, ownerUserId),
    });
  };

  return (
    <Paper withBorder p="sm" data-testid="outbox-entry">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600}>{entry.summary}</Text>
          <Badge color={STATUS_COLORS[entry.status]} variant="light" style={{ flexShrink: 0 }}>
            {STATUS_LABELS[entry.status]}
          </Badge>
        </Group>
        {hours !== null && (
          <Text size="sm" c="dimmed">
            Engine hours: {hours}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {entry.attempts === 0
            ? 'Not tried yet'
            : `Tried ${entry.attempts} time${entry.attempts === 1 ? '' : 's'}`}
          {nextTry && ` · ${nextTry}`}
        </Text>
        {update?.body && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {update.body}
          </Text>
        )}
        {entry.lastError && entry.status !== 'pending' && (
          <Text size="sm" c={entry.status === 'needs-attention' ? 'red.8' : undefined}>
            <span data-testid="outbox-error">{entryErrorText(entry)}</span>
          </Text>
        )}
        {entry.lastError?.requestId && entry.status !== 'pending' && (
          <Text size="xs" c="dimmed" data-testid="outbox-request-id">
            Request id: {entry.lastError.requestId}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          {entry.status === 'waiting-for-sign-in' && (
            <Button size="xs" onClick={() => void signInToSend()}>
              Sign in
            </Button>
          )}
          {canRetry && (
            <Button size="xs" variant="light" onClick={() => void retry()}>
              Retry
            </Button>
          )}
          {editable && (
            <Button size="xs" variant="light" disabled={busy} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Discard
          </Button>
        </Group>
      </Stack>
      <DiscardChangeModal
        summary={entry.summary}
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void discard()}
      />
      {editing && hours !== null && (
        <EditEngineHoursModal
          initial={hours}
          opened
          onCancel={() => setEditing(false)}
          onSave={(h) => void saveHours(h)}
        />
      )}
      {editing && contact !== null && (
        <EditContactModal
          initial={contact}
          opened
          onCancel={() => setEditing(false)}
          onSave={(c) => void saveContact(c)}
        />
      )}
      {editing && update !== null && (
        <EditUpdateTextModal
          initial={update.body}
          fileCount={update.fileIds.length}
          opened
          onCancel={() => setEditing(false)}
          onSave={(t) => void saveText(t)}
        />
      )}
    </Paper>
  );
}
