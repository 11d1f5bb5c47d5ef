import { Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { casePath } from '../../domain/machine-links';
import type { QueuedCaseRow } from '../../sync/queued-cases';

export interface CaseRowData {
  id: string;
  subject: string;
  caseNumber: string;
  status: string;
  /** Where the row leads; the case's page unless given (an unsent case leads to the outbox). */
  to?: string;
}

/** A case created on this device, as a list row (its local reference until it has a number). */
export function queuedRowData(q: QueuedCaseRow): CaseRowData {
  return {
    id: q.entryId,
    subject: q.subject,
    caseNumber: q.caseNumber,
    status: q.status,
    to: q.to,
  };
}

/** Product §2 case lists: subject, case number and a status chip; a click opens the case. */
export function CaseRows({ rows }: { rows: readonly CaseRowData[] }) {
  return (
    <div role="list" data-testid="case-rows">
      {rows.map((c) => (
        <Link
          key={c.id}
          to={c.to ?? casePath(c.id)}
          className="case-row"
          role="listitem"
          data-testid="case-row"
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {c.subject}
              </Text>
              <Text size="sm" c="dimmed">
                {c.caseNumber}
              </Text>
            </Stack>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {c.status}
            </Badge>
          </Group>
        </Link>
      ))}
    </div>
  );
}
