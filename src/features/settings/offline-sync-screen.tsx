import { Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useOnline } from '../../components/use-online';
import { useProfile } from '../../components/use-profile';
import { CHANGE, countOf } from '../../domain/plural';
import { PENDING_STATUSES } from '../../sync/outbox-status';
import { syncNow, type RunResult } from '../../sync/replay';
import { LastRefreshSection } from './last-refresh-section';
import { WizardDrafts } from '../../components/wizard-drafts';
import { OutboxSection } from './outbox-section';
import { PrepareFieldSection } from './prepare-field-section';
import { StorageSection } from './storage-section';
import { useOutbox } from './use-outbox';

const plural = (n: number) => countOf(n, CHANGE);

/** What "Sync now" did, in a sentence. */
function syncNoteOf(result: RunResult): string {
  if (result === 'busy') return 'Already sending in another tab. This list updates by itself.';
  const parts: string[] = [];
  if (result.done) parts.push(`Sent ${plural(result.done)}.`);
  if (result.needsAttention)
    parts.push(`${plural(result.needsAttention)} refused: see Needs attention.`);
  if (result.stoppedBy === 'network')
    parts.push('No connection to the server. Changes are sent when it returns.');
  else if (result.stoppedBy === 'rate-limit')
    parts.push('The server asked to wait. Changes are sent shortly.');
  else if (result.stoppedBy === 'sign-in') parts.push('Sign in again to send your changes.');
  else if (result.retry) parts.push(`${plural(result.retry)} will be retried.`);
  return parts.length ? parts.join(' ') : 'Nothing was due to be sent.';
}

/** /settings/offline: what waits to be sent, what was refreshed when, storage, field prep. */
export function OfflineSyncScreen() {
  const user = useProfile();
  if (!user) return <Loader m="xl" />;
  return <OfflineSync userId={user.id} user={user} />;
}

function OfflineSync({
  userId,
  user,
}: {
  userId: string;
  user: NonNullable<ReturnType<typeof useProfile>>;
}) {
  const online = useOnline();
  const entries = useOutbox(userId);
  const [syncing, setSyncing] = useState(false);
  const [syncNote, setSyncNote] = useState<string | null>(null);

  const pending = entries?.filter((e) => PENDING_STATUSES.includes(e.status)) ?? [];
  const attention = entries?.filter((e) => e.status === 'needs-attention') ?? [];

  const onSyncNow = async () => {
    setSyncing(true);
    setSyncNote(null);
    const result = await syncNow();
    setSyncing(false);
    setSyncNote(result ? syncNoteOf(result) : null);
  };

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Title order={1} size="h2">
        Offline & sync
      </Title>
      <Group justify="space-between" align="center">
        <Text>{online ? 'Online' : 'Offline: changes wait on this device.'}</Text>
        <Button onClick={() => void onSyncNow()} loading={syncing} disabled={!entries}>
          Sync now
        </Button>
      </Group>
      {syncNote && (
        <Text size="sm" role="status">
          {syncNote}
        </Text>
      )}
      {!entries ? (
        <Loader />
      ) : (
        <>
          <OutboxSection
            title="Needs attention"
            entries={attention}
            empty="Nothing needs attention."
            intro="The server refused these changes. Read why, then edit and retry, or discard them."
          />
          <OutboxSection
            title="Pending changes"
            entries={pending}
            empty="Nothing is waiting to be sent."
          />
        </>
      )}
      <WizardDrafts ownerUserId={user.id} />
      <Divider />
      <PrepareFieldSection user={user} />
      <Divider />
      <LastRefreshSection userId={userId} />
      <Divider />
      <StorageSection refreshKey={entries?.length} />
    </Stack>
  );
}
