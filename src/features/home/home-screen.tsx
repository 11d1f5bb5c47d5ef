import './home.css';
import { Loader, Stack } from '@mantine/core';
import { useHomeSnapshot } from '../../components/use-home-snapshot';
import { useProfile } from '../../components/use-profile';
import { useRemoteConfig } from '../../components/use-remote-config';
import { PasswordBanner } from './password-banner';
import { ProfileCard } from './profile-card';
import { RecentActivity } from './recent-activity';

/** /home: everything here comes from the device, so it renders offline. */
export function HomeScreen() {
  const user = useProfile();
  const config = useRemoteConfig();
  useHomeSnapshot(user?.id);
  if (!user) return <Loader m="xl" />;
  return (
    <Stack gap="md">
      <PasswordBanner
        expiresAt={user.passwordExpiresAt}
        resetUrl={config?.passwordResetUrl ?? null}
        articleUrl={config?.passwordArticleUrl ?? null}
      />
      <div className="with-side">
        <RecentActivity userId={user.id} />
        <ProfileCard user={user} />
      </div>
    </Stack>
  );
}
