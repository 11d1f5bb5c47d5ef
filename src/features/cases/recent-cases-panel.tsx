import { Loader, Paper, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { NO_CASE_HISTORY_MESSAGE } from '../../../contract/cases';
import { EmptyState } from '../../components/empty-state';
import { db, ownerRange } from '../../db/db';
import { CaseRows } from './case-rows';

const SHOWN = 10;

/** Product §2 Recent Cases: the cases this user opened last on this device, newest first. */
export function RecentCasesPanel({ userId }: { userId: string }) {
  const rows = useLiveQuery(
    () =>
      db.recentCases
        .where('[ownerUserId+viewedAt]')
        .between(...ownerRange(userId))
        .reverse()
        .limit(SHOWN)
        .toArray(),
    [userId],
  );
  return (
    <Paper withBorder p="sm" component="aside" aria-labelledby="recent-cases-title">
      <Title order={2} size="h5" id="recent-cases-title" mb="xs">
        Recent Cases
      </Title>
      {!rows && <Loader size="sm" />}
      {rows?.length === 0 && <EmptyState>{NO_CASE_HISTORY_MESSAGE}</EmptyState>}
      {rows && rows.length > 0 && (
        <CaseRows rows={rows.map((r) => ({ ...r, caseNumber: r.referenceNumber }))} />
      )}
    </Paper>
  );
}
