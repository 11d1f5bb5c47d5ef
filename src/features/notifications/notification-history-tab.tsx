import { Alert, Loader, Table, Text } from '@mantine/core';
import '../../components/card-table.css';
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
  // A table from 550 px up; below, each send is a card of labelled values (the CSS).
  return (
    <Table className="card-table" striped mt="md" data-testid="notification-history">
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
            <Table.Td data-label="Title">{r.title}</Table.Td>
            <Table.Td data-label="Subject">{r.body}</Table.Td>
            <Table.Td data-label="Recipients">
              <div>
                {r.count}
                {r.sent + r.failed + r.pending > 0 && (
                  <Text size="xs" c="dimmed">
                    {`sent ${r.sent}, failed ${r.failed}, pending ${r.pending}`}
                  </Text>
                )}
              </div>
            </Table.Td>
            <Table.Td data-label="Timestamp">{historyTime(r.timestamp)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
