import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CaseDetail } from '../../../contract/cases';
import type { WriteState } from '../../domain/case-feed';

function Line({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || 'N/A'}</Text>
    </div>
  );
}

const join = (...parts: Array<string | null>) => parts.filter(Boolean).join(', ') || null;

/** Product §2 Case detail header: number, submitter, machine and its inventory info. */
export function CaseHeader({
  detail,
  status,
  closing,
}: {
  detail: CaseDetail;
  /** The status once the queued writes are sent (a close resolves, an update reopens). */
  status: string;
  closing: WriteState | null;
}) {
  const waiting = closing ?? (status !== detail.status ? 'waiting' : null);
  const inv = detail.inventory;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {detail.recordType} {detail.caseNumber}
            </Text>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {detail.subject}
            </Title>
          </div>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Badge variant="light" data-testid="case-status">
              {status}
            </Badge>
            {waiting && (
              <Text size="xs" c={waiting === 'needs-attention' ? 'red.8' : 'dimmed'}>
                {waiting === 'needs-attention' ? 'Close needs attention' : 'Waiting to send'}
              </Text>
            )}
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Line label="Submitted by" value={join(detail.submitterName, detail.submitterEmail)} />
          <Line label="Serial and model" value={join(detail.serialNumber, detail.modelNumber)} />
          <Line label="Description" value={inv.description} />
          <Line label="Owner" value={inv.ownerName} />
          <Line label="City and state" value={join(inv.city, inv.state)} />
          <Line label="Servicing dealer" value={inv.servicingDealerName} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
