import { Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { useRemoteConfig } from '../../components/use-remote-config';
import { knowledgeTabsOf } from '../../domain/knowledge-tabs';
import { useRecentSearches } from './use-recent';

/** Home's Knowledge tab: the searches made on this device, newest first, each one to repeat. */
export default function RecentSearchesTab({ userId }: { userId: string }) {
  const rows = useRecentSearches(userId);
  const tabs = knowledgeTabsOf(useRemoteConfig());
  if (!rows) return <Loader size="sm" m="md" />;
  if (rows.length === 0) return <EmptyState>No Search History</EmptyState>;
  return rows.map((s) => (
    <Link
      key={s.id}
      className="recent-row"
      to={`/knowledge?${new URLSearchParams({ s: s.term, c: s.category })}`}
    >
      <Text fw={600}>{s.term}</Text>
      <Text size="sm" c="dimmed">
        {tabs.find((t) => t.id === s.category)?.label ?? s.category}
      </Text>
    </Link>
  ));
}
