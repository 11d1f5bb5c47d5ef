import { Alert, Loader, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { fetchBroadcasts, type Broadcast } from '../../api/notifications';
import { historyTime } from '../../domain/notification-links';

/** How often History looks again while a send is still going out. */
const HISTORY_POLL_MS = 2000;

export function HistoryTab({ active, version }: { active: boolean; version: number }) {
  const [rows, setRows] = useState<Broadcast[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setRows(await fetchBroadcasts(signal));
      setError(null);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);
  useEffect(() => {
    if (!active) return;
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [active, version, load]);
  const sending = rows?.some((r) => r.pending > 0) ?? false;
  useEffect(() => {
    if (!active || !sending) return;
    // Live while a fan-out is under way (sent, failed, pending move).
    const t = setInterval(() => void load(), HISTORY_POLL_MS);
    return () => clearInterval(t);
  }, [active, sending, load]);
  if (error) return <Alert color="red">{error}</Alert>;
  if (!rows) return <Loader m="xl" />;
  // On a phone the table scrolls in its own box rather than widening the page.
  return (
    <Table.ScrollContainer minWidth={520} mt="md">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Recipients</Table.Th>
            <Table.Th>Timestamp</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.title}</Table.Td>
              <Table.Td>{r.body}</Table.Td>
              <Table.Td>
                {r.count}
                {r.sent + r.failed + r.pending > 0 && (
                  <Text size="xs" c="dimmed">
                    {`sent ${r.sent}, failed ${r.failed}, pending ${r.pending}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{historyTime(r.timestamp)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
