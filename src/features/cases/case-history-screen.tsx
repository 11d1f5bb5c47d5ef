import './cases.css';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { NO_CASE_HISTORY_MESSAGE } from '../../../contract/cases';
import { LastUpdated } from '../../components/last-updated';
import { useLocalCaseActivity } from '../../components/use-local-case-activity';
import { useProfile } from '../../components/use-profile';
import { useScrollRestoration } from '../../components/use-scroll-restoration';
import { useUnreadState } from '../../components/use-unread-cases';
import { byLastActivity } from '../../domain/case-activity';
import { CaseRows } from '../../components/case-rows';
import { RecentCasesPanel } from './recent-cases-panel';
import { useCaseList } from './use-case-list';
import { ListState } from './list-state';

/** /support/dealer/cases/:orgId (product §2 related case list, titled Case History). */
export function CaseHistoryScreen() {
  const user = useProfile();
  const { orgId = '' } = useParams();
  const source = useMemo(() => ({ kind: 'org' as const, orgId }), [orgId]);
  const { row, refresh, online } = useCaseList(user?.id, source);
  // Latest activity first as the gateway sorts them; a case updated here rises at once.
  const local = useLocalCaseActivity(user?.id);
  const unread = useUnreadState(user?.id);
  const cases = useMemo(() => byLastActivity(row?.cases ?? [], local), [row, local]);
  useScrollRestoration(cases.length > 0);
  return (
    <div className="case-layout">
      <Stack gap="sm" style={{ minWidth: 0 }}>
        <Title order={1} size="h3">
          Case History
        </Title>
        {!online && row && <LastUpdated at={row.syncedAt} />}
        <Paper withBorder>
          {row && row.cases.length > 0 ? (
            <CaseRows rows={cases} unread={unread} listAt={row.syncedAt} />
          ) : (
            <ListState
              row={row}
              refresh={refresh}
              online={online}
              empty={NO_CASE_HISTORY_MESSAGE}
            />
          )}
        </Paper>
        {row && !row.complete && (
          <Text size="sm" c="dimmed" role="status">
            {row.cases.length} of {row.total} loaded…
          </Text>
        )}
      </Stack>
      {user ? <RecentCasesPanel userId={user.id} /> : <Loader size="sm" />}
    </div>
  );
}
