import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getAuthConfig } from '../../api/auth';
import { signOut } from '../../sync/session';
import { AuthPage } from './auth-page';
import { useProductName } from './use-product-name';

/**
 * /logout: signed out here; on a shared computer, sign out of the provider as well. Opened
 * directly (a bookmark, a typed address), the page ends the session it says has ended; after
 * Log Out, signing out again is harmless.
 */
export function LogoutScreen() {
  const productName = useProductName();
  const [endSessionUrl, setEndSessionUrl] = useState<string | null>(null);

  useEffect(() => {
    void signOut();
  }, []);

  useEffect(() => {
    let live = true;
    getAuthConfig().then(
      (c) => live && setEndSessionUrl(c.endSessionUrl),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <AuthPage productName={productName}>
      <Stack gap="md">
        <Title order={1}>You are signed out</Title>
        <Text>You have been signed out of {productName} on this device.</Text>
        <Anchor component={Link} to="/login" fw={600}>
          Sign in again
        </Anchor>
        <Text size="sm" c="dimmed">
          Employees on a public computer should also sign out of the company identity provider, so
          the next person cannot sign in as them.
        </Text>
        {endSessionUrl && (
          <Anchor href={endSessionUrl} size="sm">
            Sign out of the company identity provider
          </Anchor>
        )}
      </Stack>
    </AuthPage>
  );
}
