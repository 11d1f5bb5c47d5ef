import './knowledge.css';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  KNOWLEDGE_MAX_PAGES,
  KNOWLEDGE_TERM_REQUIRED_MESSAGE,
  NO_SEARCH_RESULTS,
} from '../../../contract/knowledge';
import { LastUpdated } from '../../components/last-updated';
import { ScrollingTabsList } from '../../components/scrolling-tabs-list';
import { scrollToTop } from '../../components/scroll-to-top';
import { useProfile } from '../../components/use-profile';
import { useRemoteConfig } from '../../components/use-remote-config';
import { currentTabId, knowledgeTabsOf } from '../../domain/knowledge-tabs';
import type { SearchAsk } from '../../sync/knowledge';
import { RecentSearchesPanel } from './recent-searches-panel';
import { SavePageButton } from './save-page-button';
import { SearchResultCard } from './search-result-card';
import { offlineSearchNote, SEARCH_FAILED, totalLine } from './texts';
import { useKnowledgeSearch, type ShownPage } from './use-knowledge-search';

function pageParam(raw: string | null): number {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= KNOWLEDGE_MAX_PAGES ? n : 1;
}

function Results({
  shown,
  page,
  onPage,
  userId,
  ask,
  unreachable,
}: {
  shown: ShownPage;
  page: number;
  onPage: (p: number) => void;
  userId: string;
  ask: SearchAsk;
  unreachable: boolean;
}) {
  return (
    <Stack gap="sm">
      {shown.source === 'offline-index' && (
        <Alert color="orange" role="status" data-testid="offline-search-note">
          {offlineSearchNote(shown.searchedCount ?? 0)}
        </Alert>
      )}
      {shown.source === 'gateway' && unreachable && shown.syncedAt !== undefined && (
        <LastUpdated at={shown.syncedAt} />
      )}
      {shown.fuzzy && (
        <Text size="sm" c="dimmed">
          No exact matches: showing results for similar spellings.
        </Text>
      )}
      <Group justify="space-between" align="center">
        <Text fw={600} data-testid="knowledge-total">
          {totalLine(shown.totalCount)}
        </Text>
        {shown.source === 'gateway' && shown.results.length > 0 && (
          <SavePageButton
            userId={userId}
            ask={ask}
            uniqueIds={shown.results.map((r) => r.uniqueId)}
          />
        )}
      </Group>
      {shown.results.length === 0 ? (
        <Alert color="yellow" role="alert">
          {NO_SEARCH_RESULTS}
        </Alert>
      ) : (
        shown.results.map((r) => <SearchResultCard key={r.uniqueId} result={r} />)
      )}
      {shown.pageCount > 1 && (
        // A landmark, so screen-reader users (and tests) find the pages by name.
        <nav aria-label="Pages" style={{ margin: '0 auto' }}>
          <Pagination
            total={shown.pageCount}
            value={Math.min(shown.page ?? page, shown.pageCount)}
            onChange={onPage}
            siblings={1}
          />
        </nav>
      )}
    </Stack>
  );
}

/** /knowledge?s={term}&c={category}&page={n} (product §2 Knowledge search). */
export function KnowledgeSearchScreen() {
  const user = useProfile();
  const config = useRemoteConfig();
  const tabs = knowledgeTabsOf(config);
  const [params, setParams] = useSearchParams();
  const term = (params.get('s') ?? '').trim();
  const tab = currentTabId(tabs, params.get('c'));
  const page = pageParam(params.get('page'));
  const ask = useMemo<SearchAsk | null>(
    () => (term ? { term, tab, page } : null),
    [term, tab, page],
  );
  const { shown, outcome, unreachable, pending, indexError } = useKnowledgeSearch(user?.id, ask);

  // The field follows the URL (a recent search picked, the back button), and can be edited.
  const [draft, setDraft] = useState(term);
  const [required, setRequired] = useState(false);
  useEffect(() => setDraft(term), [term]);

  const go = (next: { s?: string; c?: string; page?: number }) => {
    const p = new URLSearchParams();
    if (next.s) p.set('s', next.s);
    p.set('c', next.c ?? tab);
    if (next.s && next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = draft.trim();
    // product §5: the term is required; an empty term clears the results without asking anyone.
    setRequired(clean === '');
    go({ s: clean });
  };

  const tabLabel = (id: string) => tabs.find((t) => t.id === id)?.label ?? id;
  const failure =
    outcome &&
    outcome !== 'loading' &&
    (outcome.status === 'error' || outcome.status === 'not-found')
      ? outcome.status === 'error' && outcome.httpStatus === 400
        ? outcome.message
        : SEARCH_FAILED
      : null;

  if (user === undefined) return <Loader m="auto" />;
  if (user === null) return null;

  return (
    <Stack gap="md">
      <Title order={1} size="h2" maw={1080} w="100%" mx="auto">
        Knowledge
      </Title>
      <div className="knowledge-layout">
        <Stack gap="md" component="section" aria-label="Knowledge search">
          <Tabs value={tab} onChange={(v) => v && go({ s: term, c: v })}>
            <ScrollingTabsList aria-label="Categories">
              {tabs.map((t) => (
                <Tabs.Tab key={t.id} value={t.id}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </ScrollingTabsList>
          </Tabs>
          <form onSubmit={submit} role="search" noValidate>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label="Search knowledge"
                placeholder="Search articles, manuals and bulletins"
                value={draft}
                onChange={(e) => {
                  setDraft(e.currentTarget.value);
                  setRequired(false);
                }}
                required
                error={required ? KNOWLEDGE_TERM_REQUIRED_MESSAGE : undefined}
                style={{ flex: 1 }}
                type="search"
              />
              <Button type="submit" mt={25}>
                Search
              </Button>
            </Group>
          </form>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {indexError && (
            <Alert color="red" role="alert">
              {indexError}
            </Alert>
          )}
          {pending && <Loader m="auto" aria-label="Searching" />}
          {ask && shown && (
            <Results
              shown={shown}
              page={page}
              onPage={(p) => {
                go({ s: term, page: p });
                scrollToTop();
              }}
              userId={user.id}
              ask={ask}
              unreachable={unreachable}
            />
          )}
        </Stack>
        <RecentSearchesPanel
          userId={user.id}
          tabLabel={tabLabel}
          onPick={(s, c) => {
            setRequired(false);
            go({ s, c: tabs.some((t) => t.id === c) ? c : tab });
          }}
        />
      </div>
    </Stack>
  );
}
