import { Badge, Group, Loader, Paper, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { machinePathSegments } from '../../domain/route-params';
import type { RecentMachineRow } from '../../db/schema';

// Home opens on Machines: the other tabs' code loads when one is first chosen.
const RecentSearchesTab = lazy(() => import('./recent-searches-tab'));
const RecentCasesTab = lazy(() => import('./recent-cases-tab'));

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

/**
 * product §2 Home: Recent Activity with tabs Machines, Knowledge and Cases, from the device.
 * The first tab's rows are read by Home, which hands over from a painted snapshot once they are
 * there; the other tabs' code loads when one is chosen.
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
      {/* Only the chosen tab is mounted, so a lazy tab's module loads when it is chosen. */}
      <Tabs defaultValue="machines" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="machines">Machines</Tabs.Tab>
          <Tabs.Tab value="knowledge">Knowledge</Tabs.Tab>
          <Tabs.Tab value="cases">Cases</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="machines">
          <Machines rows={machines} />
        </Tabs.Panel>
        <Tabs.Panel value="knowledge">
          <Suspense fallback={<Loader size="sm" m="md" />}>
            <RecentSearchesTab userId={userId} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="cases">
          <Suspense fallback={<Loader size="sm" m="md" />}>
            <RecentCasesTab userId={userId} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
