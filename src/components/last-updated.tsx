import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { lastUpdatedText } from '../domain/dates';

/**
 * "Last updated …" for a screen rendered from the device while offline (product §4
 * "Offline-first"). Re-renders every minute so "5 minutes ago" stays true.
 */
export function LastUpdated({ at }: { at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  return (
    <Text size="sm" c="dimmed" data-testid="last-updated" role="status">
      {lastUpdatedText(at, now)}
    </Text>
  );
}
