import './home.css';
import { Loader, Stack } from '@mantine/core';
import { useHomeSnapshot } from '../../components/use-home-snapshot';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useProfile } from '../../components/use-profile';
import { useRemoteConfig } from '../../components/use-remote-config';
import { PasswordBanner } from './password-banner';
import { ProfileCard } from './profile-card';
import { RecentActivity } from './recent-activity';
import { useRecentMachines } from './use-recent';

/** /home: everything here comes from the device, so it renders offline. */
export function HomeScreen() {
  const user = useProfile();
  const config = useRemoteConfig();
  const machines = useRecentMachines(user?.id);
  useHomeSnapshot(user?.id, machines !== undefined);
  // Home refreshes nothing itself; this lets the shell's refreshes go once it is painted.
  useKeptShownFirst(user ? machines : undefined);
  if (!user) return <Loader m="xl" />;
  return (
    <Stack gap="md">
      <PasswordBanner
        expiresAt={user.passwordExpiresAt}
        resetUrl={config?.passwordResetUrl ?? null}
        articleUrl={config?.passwordArticleUrl ?? null}
      />
      <div className="with-side">
        <RecentActivity userId={user.id} machines={machines} />
        <ProfileCard user={user} />
      </div>
    </Stack>
  );
}
