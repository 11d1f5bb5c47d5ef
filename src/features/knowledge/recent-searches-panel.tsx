import { Loader, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { NO_SEARCH_HISTORY } from '../../../contract/knowledge';
import { EmptyState } from '../../components/empty-state';
import { db, ownerRange } from '../../db/db';
import { recentSearchesOf } from '../../domain/recent-searches';

/** product §2 Recent Searches: this user's last 10 distinct searches, newest first. */
export function RecentSearchesPanel({
  userId,
  tabLabel,
  onPick,
}: {
  userId: string;
  tabLabel: (id: string) => string;
  onPick: (term: string, category: string) => void;
}) {
  const rows = useLiveQuery(
    async () =>
      recentSearchesOf(
        await db.recentSearches
          .where('[ownerUserId+searchedAt]')
          .between(...ownerRange(userId))
          .toArray(),
      ),
    [userId],
  );
  return (
    <Paper withBorder p="sm" component="aside" aria-labelledby="recent-searches-title">
      <Title order={2} size="h5" id="recent-searches-title" mb="xs">
        Recent Searches
      </Title>
      {!rows && <Loader size="sm" />}
      {rows?.length === 0 && <EmptyState>{NO_SEARCH_HISTORY}</EmptyState>}
      {rows && rows.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="recent-searches">
          {rows.map((r) => (
            <li key={r.id}>
              <UnstyledButton className="recent-search" onClick={() => onPick(r.term, r.category)}>
                <Text fw={600} size="sm">
                  {r.term}
                </Text>
                <Text size="xs" c="dimmed">
                  {tabLabel(r.category)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
