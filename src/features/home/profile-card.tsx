import { Paper, Text } from '@mantine/core';
import type { User } from '../../../contract';
import { displayName, usernameBeforeAt } from '../../domain/user-display';

/** product §2 Home: name, account name, username before the @, email and phone. */
export function ProfileCard({ user }: { user: User }) {
  return (
    <Paper withBorder p="md" data-testid="profile-card">
      <Text fw={700} size="lg" className="profile-line">
        {displayName(user)}
      </Text>
      {user.accountName && <Text className="profile-line">{user.accountName}</Text>}
      <Text c="dimmed" className="profile-line">
        {usernameBeforeAt(user.username)}
      </Text>
      {user.contactEmail && <Text className="profile-line">{user.contactEmail}</Text>}
      {user.contactPhone && <Text className="profile-line">{user.contactPhone}</Text>}
    </Paper>
  );
}
