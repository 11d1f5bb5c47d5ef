import { Alert, Anchor, Button, Text } from '@mantine/core';
import {
  formatBannerDate,
  passwordBanner,
  passwordInfoText,
  passwordWarningText,
} from '../../domain/password-banner';

/**
 * product §2 Home, password banners: within 10 days the warning with RESET MY PASSWORD,
 * within 160 days the knowledge-article banner; never both.
 */
export function PasswordBanner({
  expiresAt,
  resetUrl,
  articleUrl,
  now = Date.now(),
}: {
  expiresAt: string | null;
  resetUrl: string | null;
  articleUrl: string | null;
  now?: number;
}) {
  const kind = passwordBanner(expiresAt, now);
  if (!kind || !expiresAt) return null;
  const date = formatBannerDate(expiresAt);

  if (kind === 'warning') {
    return (
      <Alert color="red" variant="light" title="Password expiring" role="alert">
        <Text size="sm">{passwordWarningText(date)}</Text>
        <Button
          component="a"
          href={resetUrl ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          color="red"
          mt="sm"
          disabled={!resetUrl}
        >
          RESET MY PASSWORD
        </Button>
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" title="Password expiry">
      <Text size="sm">{passwordInfoText(date)}</Text>
      {articleUrl && (
        // In place: a new tab would leave the installed app for a browser window.
        <Anchor href={articleUrl} size="sm">
          Resetting your password (knowledge article)
        </Anchor>
      )}
    </Alert>
  );
}
