import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CaseSummary } from '../../../contract/machines';
import { EmptyState } from '../../components/empty-state';
import { casePath } from '../../domain/machine-links';
import { notListedYet, type QueuedCaseRow } from '../../sync/queued-cases';

/**
 * Cases and Reports tabs (product §2): a record links to /support/case/{id}. Those made on this
 * device and not in the gateway's list yet come first (waiting to send: to the outbox).
 */
export function RecordsTab({
  records: fetched,
  queued = [],
  loading,
  failed,
}: {
  records: CaseSummary[] | null | undefined;
  queued?: readonly QueuedCaseRow[];
  loading: boolean;
  failed: boolean;
}) {
  const local = notListedYet(
    queued,
    (fetched ?? []).map((r) => r.id),
  ).map((q) => ({
    id: q.entryId,
    subject: q.subject,
    caseNumber: q.caseNumber,
    status: q.status,
    to: q.to,
  }));
  const records: (CaseSummary & { to?: string })[] | null | undefined =
    fetched || local.length > 0 ? [...local, ...(fetched ?? [])] : fetched;
  if (!records) {
    if (loading) return <Loader size="sm" m="md" />;
    return (
      <EmptyState>
        {failed ? 'These records could not be loaded.' : 'No Case History to Display'}
      </EmptyState>
    );
  }
  if (records.length === 0) return <EmptyState>No Case History to Display</EmptyState>;
  return (
    <Stack gap="xs" pt="sm">
      {records.map((r) => (
        <Link
          key={r.id}
          to={r.to ?? casePath(r.id)}
          className="machine-row"
          data-testid="record-row"
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600}>{r.subject}</Text>
              <Text size="sm" c="dimmed">
                {r.caseNumber}
              </Text>
            </Stack>
            <Badge variant="light">{r.status}</Badge>
          </Group>
        </Link>
      ))}
    </Stack>
  );
}
