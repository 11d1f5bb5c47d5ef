import { Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { casePath } from '../../domain/machine-links';

export interface CaseRowData {
  id: string;
  subject: string;
  caseNumber: string;
  status: string;
}

/** Product §2 case lists: subject, case number and a status chip; a click opens the case. */
export function CaseRows({ rows }: { rows: readonly CaseRowData[] }) {
  return (
    <div role="list" data-testid="case-rows">
      {rows.map((c) => (
        <Link
          key={c.id}
          to={casePath(c.id)}
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
