import { Loader, Text } from '@mantine/core';
import { EmptyState } from '../../components/empty-state';
import type { CaseListStoreRow } from '../../db/schema';
import type { Refresh } from './use-case-detail';

export const LIST_NEEDS_CONNECTION =
  'This list has not been opened on this device yet. Connect to the internet to see it.';

/** What a case list shows when it has no rows: loading, a failure, offline, or empty. */
export function ListState({
  row,
  refresh,
  online,
  empty,
}: {
  row: CaseListStoreRow | null | undefined;
  refresh: Refresh;
  online: boolean;
  empty: string;
}) {
  if (row && row.cases.length === 0 && row.complete) return <EmptyState>{empty}</EmptyState>;
  if (refresh !== null && refresh !== 'loading') {
    if (refresh.status === 'not-found') return <EmptyState>{empty}</EmptyState>;
    if (refresh.status === 'error') {
      return (
        <Text c="red.8" role="alert" p="md">
          The cases could not be loaded. {refresh.message}
        </Text>
      );
    }
    if (refresh.status === 'offline' && !row) {
      return (
        <Text c="orange.9" role="status" p="md">
          {LIST_NEEDS_CONNECTION}
        </Text>
      );
    }
  }
  if (!online && !row) {
    return (
      <Text c="orange.9" role="status" p="md">
        {LIST_NEEDS_CONNECTION}
      </Text>
    );
  }
  return <Loader size="sm" m="md" />;
}
