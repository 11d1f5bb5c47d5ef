import { Badge, Group, Loader, Paper, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CaseRows, queuedRowData, type CaseRowData } from '../../components/case-rows';
import { EmptyState } from '../../components/empty-state';
import { useQueuedCases } from '../../components/use-queued-cases';
import { useRemoteConfig } from '../../components/use-remote-config';
import { useUnreadState } from '../../components/use-unread-cases';
import { knowledgeTabsOf } from '../../domain/knowledge-tabs';
import { machinePathSegments } from '../../domain/route-params';
import { notListedYet } from '../../sync/queued-cases';
import type { RecentMachineRow } from '../../db/schema';
import { useRecentCases, useRecentSearches } from './use-recent';

function Machines({ rows }: { rows: RecentMachineRow[] | undefined }) {
  if (!rows) return <Loader size="sm" m="md" />;
  if (rows.length === 0) return <EmptyState>No Machine History</EmptyState>;
  return rows.map((m) => (
    <Link
      key={`${m.serial}|${m.model}|${m.owner}`}
      className="recent-row"
      to={`/support/machine/details/${machinePathSegments(m)}`}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text fw={600}>
          {m.model} · {m.serial}
        </Text>
        {m.isStolen && (
          <Badge color="red" variant="filled">
            Stolen
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {m.owner}
      </Text>
    </Link>
  ));
}

function Searches({ userId }: { userId: string }) {
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

function Cases({ userId }: { userId: string }) {
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

/**
 * product §2 Home: Recent Activity with tabs Machines, Knowledge and Cases, from the device.
 * The first tab's rows are read by Home, which hands over from a painted snapshot once they are
 * there.
 */
export function RecentActivity({
  userId,
  machines,
}: {
  userId: string;
  machines: RecentMachineRow[] | undefined;
}) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Recent Activity
      </Title>
      <Tabs defaultValue="machines">
        <Tabs.List grow>
          <Tabs.Tab value="machines">Machines</Tabs.Tab>
          <Tabs.Tab value="knowledge">Knowledge</Tabs.Tab>
          <Tabs.Tab value="cases">Cases</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="machines">
          <Machines rows={machines} />
        </Tabs.Panel>
        <Tabs.Panel value="knowledge">
          <Searches userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="cases">
          <Cases userId={userId} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
