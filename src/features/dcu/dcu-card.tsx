import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { DcuStatus } from '../../api/dcu';
import { formatLastReported } from '../../domain/dcu-input';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** product §4: the checked unit, with IMEI, DCU (its part number) and Last Reported. */
export function DcuCard({ dcu }: { dcu: DcuStatus }) {
  return (
    <Paper withBorder p="sm" data-testid="dcu-card" aria-label="DCU">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Field label="IMEI" value={dcu.imei} />
        <Field label="DCU" value={dcu.type} />
        <Field label="Last Reported" value={formatLastReported(dcu.lastReportedAt)} />
      </SimpleGrid>
    </Paper>
  );
}
