import { Button, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { formatFileSize } from '../../domain/file-size';

interface StorageInfo {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

async function readStorage(): Promise<StorageInfo> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const [estimate, persisted] = await Promise.all([
    storage?.estimate?.().catch(() => null) ?? null,
    storage?.persisted?.().catch(() => null) ?? null,
  ]);
  return {
    usage: estimate?.usage ?? null,
    quota: estimate?.quota ?? null,
    persisted,
  };
}

/**
 * Storage used and quota (navigator.storage.estimate) and whether the browser may evict
 * this device's data; "Keep data on this device" asks for persistent storage.
 */
export function StorageSection({ refreshKey }: { refreshKey: unknown }) {
  const [info, setInfo] = useState<StorageInfo | null>(null);
  const [asked, setAsked] = useState(false);

  const load = useCallback(() => readStorage().then(setInfo), []);
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const persist = async () => {
    setAsked(true);
    await navigator.storage?.persist?.().catch(() => false);
    await load();
  };

  const supported = typeof navigator !== 'undefined' && !!navigator.storage?.persist;
  return (
    <Stack gap="xs" component="section" aria-labelledby="storage-title">
      <Title order={2} size="h4" id="storage-title">
        Storage
      </Title>
      <Text data-testid="storage-estimate">
        {info === null
          ? 'Measuring…'
          : info.usage === null || info.quota === null
            ? 'This browser does not say how much storage is used.'
            : `${formatFileSize(info.usage)} used of ${formatFileSize(info.quota)} available`}
      </Text>
      <Text data-testid="persist-status">
        {info?.persisted === true
          ? 'Persistent storage: on. The browser keeps this data when space runs low.'
          : info?.persisted === false
            ? 'Persistent storage: off. The browser may clear this data when space runs low.'
            : 'Persistent storage: unknown.'}
      </Text>
      {supported && info?.persisted === false && (
        <Button variant="light" onClick={() => void persist()} w="fit-content">
          Keep data on this device
        </Button>
      )}
      {asked && info?.persisted === false && (
        <Text size="sm" c="dimmed">
          The browser declined for now. Installing the app or using it often makes it more likely to
          agree.
        </Text>
      )}
    </Stack>
  );
}
