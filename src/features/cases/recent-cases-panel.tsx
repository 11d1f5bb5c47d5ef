import { Loader, Paper, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { NO_CASE_HISTORY_MESSAGE } from '../../../contract/cases';
import { EmptyState } from '../../components/empty-state';
import { useQueuedCases } from '../../components/use-queued-cases';
import { useUnreadState } from '../../components/use-unread-cases';
import { recentCasesOf } from '../../db/recent-cases';
import { notListedYet } from '../../sync/queued-cases';
import { CaseRows, queuedRowData, type CaseRowData } from '../../components/case-rows';

const SHOWN = 10;

/** Product §2 Recent Cases: the cases this user opened last on this device, newest first. */
export function RecentCasesPanel({ userId }: { userId: string }) {
  const rows = useLiveQuery(() => recentCasesOf(userId, SHOWN), [userId]);
  const queuedAll = useQueuedCases(userId);
  const unread = useUnreadState(userId);
  // Cases made on this device come first (waiting to send, or just sent).
  const shown: CaseRowData[] | undefined = rows && [
    ...notListedYet(
      queuedAll,
      rows.map((r) => r.id),
    ).map(queuedRowData),
    ...rows.map((r) => ({ ...r, caseNumber: r.referenceNumber })),
  ];
  return (
    <Paper withBorder p="sm" component="aside" aria-labelledby="recent-cases-title">
      <Title order={2} size="h5" id="recent-cases-title" mb="xs">
        Recent Cases
      </Title>
      {!shown && <Loader size="sm" />}
      {shown?.length === 0 && <EmptyState>{NO_CASE_HISTORY_MESSAGE}</EmptyState>}
      {shown && shown.length > 0 && <CaseRows rows={shown} unread={unread} />}
    </Paper>
  );
}
