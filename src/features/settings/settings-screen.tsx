import { PushSwitch } from '../../components/push-switch';
import { TAP_LINK } from '../../components/tap-link';
import {
  Anchor,
  Button,
  Divider,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOnline } from '../../components/use-online';
import { useProfile } from '../../components/use-profile';
import { useRemoteConfig } from '../../components/use-remote-config';
import { usernameBeforeAt } from '../../domain/user-display';
import { outboxCounts } from '../../sync/outbox-status';
import { syncNow } from '../../sync/replay';
import { signOut } from '../../sync/session';
import { UnsentChangesModal } from './unsent-changes-modal';
import { useOutboxCounts } from './use-outbox';

const schemes = [
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
  { label: 'System', value: 'auto' },
];

/** /settings (product §2 Other screens). */
export function SettingsScreen() {
  const user = useProfile();
  const config = useRemoteConfig();
  const online = useOnline();
  const navigate = useNavigate();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const [leaving, setLeaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const counts = useOutboxCounts(user?.id);
  // Everything of this user not sent yet, refusals included: all of it would wait on the device.
  const unsent = counts ? counts.pending + counts.needsAttention : 0;

  const logOutNow = () => {
    setAsking(false);
    setLeaving(true);
    // signOut keeps the outbox: the changes wait, bound to this user, for the next sign-in.
    void signOut().then(() => navigate('/logout', { replace: true }));
  };
  // Counted at the click, not from the live count, which may not have loaded for this user yet.
  const logOut = async () => {
    if (!user) return;
    const now = await outboxCounts(user.id);
    if (now.pending + now.needsAttention > 0) setAsking(true);
    else logOutNow();
  };

  const syncThenLogOut = async () => {
    setSyncing(true);
    await syncNow();
    setSyncing(false);
    // All sent: carry on with the logout the user asked for; otherwise the modal shows what is left.
    if (!user) return;
    const left = await outboxCounts(user.id);
    if (left.pending + left.needsAttention === 0) logOutNow();
  };

  if (!user) return <Loader m="xl" />;
  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={1} size="h2">
        Settings
      </Title>
      <Paper withBorder p="md">
        <Text fw={700}>{usernameBeforeAt(user.username)}</Text>
        {user.contactEmail && <Text>{user.contactEmail}</Text>}
        {user.contactPhone && <Text>{user.contactPhone}</Text>}
      </Paper>

      <Text>Version {config?.version ?? '1.0'}</Text>
      {config?.privacyPolicyUrl && (
        <Anchor
          href={config.privacyPolicyUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={TAP_LINK}
        >
          Privacy Policy
        </Anchor>
      )}

      <Divider />
      <Title order={2} size="h4">
        Preferences
      </Title>
      <Text size="sm" id="color-scheme-label">
        Colour scheme
      </Text>
      <SegmentedControl
        aria-labelledby="color-scheme-label"
        data={schemes}
        value={colorScheme}
        onChange={(v) => setColorScheme(v as MantineColorScheme)}
        fullWidth
      />
      <PushSwitch />

      <Divider />
      <Anchor component={Link} to="/settings/offline" className={TAP_LINK}>
        Offline & sync
      </Anchor>
      <Anchor component={Link} to="/support/ku" className={TAP_LINK}>
        Training
      </Anchor>
      {user?.isAdmin && user.kind === 'internal' && (
        <Anchor component={Link} to="/support/predictions/quality" className={TAP_LINK}>
          Predictions quality
        </Anchor>
      )}
      <Button color="red" variant="light" onClick={() => void logOut()} loading={leaving}>
        Log Out
      </Button>
      <UnsentChangesModal
        count={unsent}
        online={online}
        opened={asking && unsent > 0}
        syncing={syncing}
        onSyncNow={() => void syncThenLogOut()}
        onLogOut={logOutNow}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
