import { Loader } from '@mantine/core';
import { CaseRows, queuedRowData, type CaseRowData } from '../../components/case-rows';
import { EmptyState } from '../../components/empty-state';
import { useQueuedCases } from '../../components/use-queued-cases';
import { useUnreadState } from '../../components/use-unread-cases';
import { notListedYet } from '../../sync/queued-cases';
import { useRecentCases } from './use-recent';

/** Home's Cases tab: the cases opened on this device, with those made here first. */
export default function RecentCasesTab({ userId }: { userId: string }) {
  const recent = useRecentCases(userId);
  const queued = useQueuedCases(userId);
  const unread = useUnreadState(userId);
  if (!recent) return <Loader size="sm" m="md" />;
  // Cases made on this device come first: waiting to send, or just sent with their number.
  const rows: CaseRowData[] = [
    ...notListedYet(
      queued,
      recent.map((r) => r.id),
    ).map(queuedRowData),
    ...recent.map((c) => ({ ...c, caseNumber: c.referenceNumber })),
  ];
  if (rows.length === 0) return <EmptyState>No Case History to Display</EmptyState>;
  // The rows of every case list: subject, number, status, machine, last activity, unread.
  return <CaseRows rows={rows} unread={unread} />;
}
