import { Loader, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state';
import { LastUpdated } from '../../components/last-updated';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import type { KnowledgeResultsRow } from '../../db/schema';
import type { Refresh } from './use-machine-detail';

type Kind = 'manuals' | 'bulletins';
export type StoredRow<K extends Kind> = KnowledgeResultsRow & { kind: K };

/** A stored knowledge answer of the machine's documents, as a live query. */
export function useStoredDocuments<K extends Kind>(
  ownerUserId: string,
  key: string,
  kind: K,
): StoredRow<K> | null | undefined {
  return useLiveQuery(async () => {
    const row = await db.knowledgeResults.get([ownerUserId, key]);
    return row?.kind === kind ? (row as StoredRow<K>) : null;
  }, [ownerUserId, key, kind]);
}

/**
 * What the device holds, whatever the network does (product §4 "Offline-first"): the stored
 * answer with "Last updated" when it may be stale, else a spinner while it loads, else why
 * there is nothing to show.
 */
export function StoredDocuments<K extends Kind>({
  row,
  refresh,
  needsConnection,
  failed,
  notFound,
  children,
}: {
  row: StoredRow<K> | null | undefined;
  refresh: Refresh;
  needsConnection: string;
  failed: string;
  /** The gateway answered 404: nothing to show rather than an error. */
  notFound: string;
  children: (row: StoredRow<K>) => ReactNode;
}) {
  const online = useOnline();
  const settled = refresh !== null && refresh !== 'loading';
  if (row) {
    // Stale when offline or when the refresh failed; fresh otherwise, so no line.
    const stale = !online || (settled && refresh.status !== 'ok');
    return (
      <Stack gap="sm" pt="xs">
        {stale && <LastUpdated at={row.syncedAt} />}
        {children(row)}
      </Stack>
    );
  }
  if (row === undefined || refresh === 'loading') return <Loader size="sm" m="md" />;
  if (!online || refresh?.status === 'offline') {
    return (
      <Text c="orange.9" role="status" py="md">
        {needsConnection}
      </Text>
    );
  }
  if (refresh?.status === 'not-found') return <EmptyState>{notFound}</EmptyState>;
  if (refresh?.status === 'error') {
    return (
      <Text c="red.8" role="alert" py="md">
        {failed} {refresh.message}
      </Text>
    );
  }
  // Online, asked for, and the live query has not picked the stored answer up yet.
  return <Loader size="sm" m="md" />;
}
