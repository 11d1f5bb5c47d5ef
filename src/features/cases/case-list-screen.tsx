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
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
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
  CASE_STATUS_DROPDOWN_HEIGHT,
  CASE_STATUS_OPTIONS,
  nextStatusSelection,
} from '../../domain/case-list';
import { byLastActivity } from '../../domain/case-activity';
import {
  CASE_LIST_PAGE_PARAM,
  caseListPageFrom,
  caseListViewFrom,
  withCaseListView,
  type CaseListView,
} from '../../domain/case-list-address';
import { pageOf } from '../../domain/paging';
import { createCaseListFilter } from './case-list-filter';
import { notListedYet } from '../../sync/queued-cases';
import { CaseRows, queuedRowData } from '../../components/case-rows';
import { ListState } from './list-state';
import { useCaseList } from './use-case-list';

/** Rows per page: a page renders in well under a frame on a phone. */
export const CASE_LIST_PAGE_SIZE = 50;
const DEALER = { kind: 'dealer' } as const;

/** /support/cases (product §2 dealer case list, titled Case History; View Cases). */
export function CaseListScreen() {
  const user = useProfile();
  const { row, refresh, online } = useCaseList(user?.id, DEALER);
  // Cases made on this device lead the list until the gateway's list has them.
  const queued = notListedYet(useQueuedCases(user?.id), row?.cases.map((c) => c.id) ?? [])
    .filter((q) => q.kind === 'Case')
    .map(queuedRowData);
  // The Status selection, the text and the page are in the address, so Back from a case, or a
  // reload, comes to the list the case was opened from. The box leads and the address follows:
  // the router moves the address a render or more later, and a box bound to the address would
  // drop or reorder keys typed in between.
  const [params, setParams] = useSearchParams();
  const [view, setViewState] = useState(() => caseListViewFrom(params));
  const { statuses, text } = view;
  // Back, Forward or a link to the list moves the address under the screen: the box follows.
  // The screen's own writes replace the entry, and the box already holds what they wrote.
  const { key } = useLocation();
  const navigation = useNavigationType();
  const [entry, setEntry] = useState(key);
  if (entry !== key) {
    setEntry(key);
    if (navigation !== 'REPLACE') setViewState(caseListViewFrom(params));
  }
  // A new selection or text starts again at page 1 and replaces the entry: typing a word is
  // one step of Back, not one a key.
  const setView = (next: CaseListView) => {
    setViewState(next);
    setParams((p) => withCaseListView(p, next), { replace: true });
  };
  const page = caseListPageFrom(params);
  const setPage = (next: number) => {
    if (next === page) return;
    setParams((p) => {
      if (next > 1) p.set(CASE_LIST_PAGE_PARAM, String(next));
      else p.delete(CASE_LIST_PAGE_PARAM);
      return p;
    });
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
          onChange={(next) => setView({ statuses: nextStatusSelection(statuses, next), text })}
          maxDropdownHeight={CASE_STATUS_DROPDOWN_HEIGHT}
          comboboxProps={{ withinPortal: true }}
          miw={240}
        />
        <TextInput
          label="Model or Serial"
          description="Case number, subject, model or serial"
          value={text}
          onChange={(e) => setView({ statuses, text: e.currentTarget.value })}
          miw={200}
        />
      </Group>
      {/* Busy while the rows are still those of an earlier text: they follow it a moment later. */}
      <Paper withBorder aria-busy={search !== text}>
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
              setPage(next);
              scrollToTop();
            }}
            size="sm"
          />
        )}
      </Group>
    </Stack>
  );
}
