import { Box, Loader } from '@mantine/core';
import { useMemo } from 'react';
import type { CaseSummary } from '../../../contract/machines';
import { CaseRows, type CaseRowData } from '../../components/case-rows';
import { EmptyState } from '../../components/empty-state';
import { useLocalCaseActivity } from '../../components/use-local-case-activity';
import { useUnreadState } from '../../components/use-unread-cases';
import { byLastActivity } from '../../domain/case-activity';
import { notListedYet, type QueuedCaseRow } from '../../sync/queued-cases';

type RecordRow = Omit<CaseSummary, 'lastActivityAt'> & {
  lastActivityAt?: string | number;
  to?: string;
};

/**
 * Cases and Reports tabs (product §2): a record links to /support/case/{id}, latest activity
 * first, each with the machine, its last activity's date and a marker while it has replies the
 * user has not seen. Those made on this device and not in the gateway's list yet come first
 * (waiting to send: to the outbox).
 */
export function RecordsTab({
  records: fetched,
  queued = [],
  loading,
  failed,
  ownerUserId,
  machine,
  listAt,
}: {
  records: CaseSummary[] | null | undefined;
  /** When the records were fetched (their `unread` flags are that old). */
  listAt?: number;
  queued?: readonly QueuedCaseRow[];
  loading: boolean;
  failed: boolean;
  ownerUserId?: string;
  machine?: { model: string; serial: string };
}) {
  const localActivity = useLocalCaseActivity(ownerUserId);
  const unread = useUnreadState(ownerUserId);
  const sorted = useMemo(
    () => fetched && byLastActivity(fetched, localActivity),
    [fetched, localActivity],
  );
  const local: RecordRow[] = notListedYet(
    queued,
    (fetched ?? []).map((r) => r.id),
  ).map((q) => ({
    id: q.entryId,
    subject: q.subject,
    caseNumber: q.caseNumber,
    status: q.status,
    lastActivityAt: q.createdAt,
    to: q.to,
  }));
  const records: readonly RecordRow[] | null | undefined =
    sorted || local.length > 0 ? [...local, ...(sorted ?? [])] : sorted;
  if (!records) {
    if (loading) return <Loader size="sm" m="md" />;
    return (
      <EmptyState>
        {failed ? 'These records could not be loaded.' : 'No Case History to Display'}
      </EmptyState>
    );
  }
  if (records.length === 0) return <EmptyState>No Case History to Display</EmptyState>;
  // Every row is for this machine: it says so as the rows of the other case lists do.
  const rows: CaseRowData[] = records.map((r) => ({
    ...r,
    modelNumber: machine?.model || null,
    serialNumber: machine?.serial || null,
  }));
  return (
    <Box pt="sm">
      <CaseRows rows={rows} unread={unread} listAt={listAt} />
    </Box>
  );
}
