import './cases.css';
import {
  Group,
  MultiSelect,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NO_CASE_HISTORY_MESSAGE } from '../../../contract/cases';
import { EmptyState } from '../../components/empty-state';
import { LastUpdated } from '../../components/last-updated';
import { scrollToTop } from '../../components/scroll-to-top';
import { useScrollRestoration } from '../../components/use-scroll-restoration';
import { useLocalCaseActivity } from '../../components/use-local-case-activity';
import { useProfile } from '../../components/use-profile';
import { useQueuedCases } from '../../components/use-queued-cases';
import { useUnreadState } from '../../components/use-unread-cases';
import {
  CASE_STATUS_DEFAULT,
  CASE_STATUS_DROPDOWN_HEIGHT,
  CASE_STATUS_OPTIONS,
  nextStatusSelection,
} from '../../domain/case-list';
import { byLastActivity } from '../../domain/case-activity';
import { pageOf } from '../../domain/paging';
import { createCaseListFilter } from './case-list-filter';
import { notListedYet } from '../../sync/queued-cases';
import { CaseRows, queuedRowData } from '../../components/case-rows';
import { ListState } from './list-state';
import { useCaseList } from './use-case-list';

/** Rows per page: a page renders in well under a frame on a phone. */
export const CASE_LIST_PAGE_SIZE = 50;
const DEALER = { kind: 'dealer' } as const;
const PAGE_PARAM = 'page';

/** /support/cases (product §2 dealer case list, titled Case History; View Cases). */
export function CaseListScreen() {
  const user = useProfile();
  const { row, refresh, online } = useCaseList(user?.id, DEALER);
  // Cases made on this device lead the list until the gateway's list has them.
  const queued = notListedYet(useQueuedCases(user?.id), row?.cases.map((c) => c.id) ?? [])
    .filter((q) => q.kind === 'Case')
    .map(queuedRowData);
  const [statuses, setStatuses] = useState<string[]>([...CASE_STATUS_DEFAULT]);
  const [text, setText] = useState('');
  // The page is in the address, so Back from a case comes to the page the case was opened from.
  const [params, setParams] = useSearchParams();
  const page = Number(params.get(PAGE_PARAM)) || 1;
  const setPage = (next: number, replace: boolean) => {
    if (next === page) return;
    setParams(
      (p) => {
        if (next > 1) p.set(PAGE_PARAM, String(next));
        else p.delete(PAGE_PARAM);
        return p;
      },
      { replace },
    );
  };
  // Typing stays responsive: the list follows the box a moment later when the device is busy.
  const search = useDeferredValue(text);
  // Latest activity first as the gateway sorts them; a case updated here rises at once.
  const local = useLocalCaseActivity(user?.id);
  const unread = useUnreadState(user?.id);
  const sorted = useMemo(() => byLastActivity(row?.cases ?? [], local), [row, local]);
  const filter = useMemo(() => createCaseListFilter(sorted), [sorted]);
  const matches = useMemo(() => filter(statuses, search), [filter, statuses, search]);
  const shown = pageOf(matches, page, CASE_LIST_PAGE_SIZE);
  useScrollRestoration(!!row && shown.items.length > 0);

  return (
    <Stack gap="sm" maw={880} mx="auto" w="100%">
      <Title order={1} size="h3">
        Case History
      </Title>
      {!online && row && <LastUpdated at={row.syncedAt} />}
      <Group align="flex-end" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <MultiSelect
          label="Status"
          data={[...CASE_STATUS_OPTIONS]}
          value={statuses}
          onChange={(next) => {
            setStatuses(nextStatusSelection(statuses, next));
            setPage(1, true);
          }}
          maxDropdownHeight={CASE_STATUS_DROPDOWN_HEIGHT}
          comboboxProps={{ withinPortal: true }}
          miw={240}
        />
        <TextInput
          label="Model or Serial"
          description="Case number, subject, model or serial"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1, true);
          }}
          miw={200}
        />
      </Group>
      <Paper withBorder>
        {queued.length > 0 && <CaseRows rows={queued} />}
        {row && row.cases.length > 0 ? (
          matches.length > 0 ? (
            <CaseRows rows={shown.items} unread={unread} listAt={row.syncedAt} />
          ) : (
            <EmptyState>{NO_CASE_HISTORY_MESSAGE}</EmptyState>
          )
        ) : (
          <ListState row={row} refresh={refresh} online={online} empty={NO_CASE_HISTORY_MESSAGE} />
        )}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" role="status" data-testid="case-count">
          {row ? `${matches.length} of ${row.cases.length} cases` : ''}
          {row && !row.complete ? ` (${row.total} in all, loading…)` : ''}
        </Text>
        {shown.pageCount > 1 && (
          <Pagination
            total={shown.pageCount}
            value={shown.page}
            onChange={(next) => {
              setPage(next, false);
              scrollToTop();
            }}
            size="sm"
          />
        )}
      </Group>
    </Stack>
  );
}
