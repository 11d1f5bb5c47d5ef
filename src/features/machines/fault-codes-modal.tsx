import { Badge, Modal, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { FaultCode, FaultSeverity } from '../../../contract/machines';

/** product §9: fault severity filter values. */
const SEVERITY_FILTERS = ['All', 'High', 'Medium', 'Low'] as const;
type SeverityFilter = (typeof SEVERITY_FILTERS)[number];

const severityColor: Record<FaultSeverity, string> = {
  High: 'red',
  Medium: 'orange',
  Low: 'yellow',
};

/** The telematics fault-code report (product §2, §3 Fault-code row) with its severity filter. */
export function FaultCodesModal({
  opened,
  onClose,
  faultCodes,
}: {
  opened: boolean;
  onClose: () => void;
  faultCodes: FaultCode[];
}) {
  const [severity, setSeverity] = useState<SeverityFilter>('All');
  const rows = severity === 'All' ? faultCodes : faultCodes.filter((f) => f.severity === severity);
  return (
    <Modal opened={opened} onClose={onClose} title="Fault Code Report" size="xl">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Severity"
          data-testid="severity-filter"
          data={[...SEVERITY_FILTERS]}
          value={severity}
          onChange={(v) => setSeverity(v as SeverityFilter)}
          fullWidth
        />
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            No fault codes.
          </Text>
        ) : (
          <ScrollArea>
            <Table striped className="fault-code-table" data-testid="fault-code-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Hour Reading</Table.Th>
                  <Table.Th>SPN</Table.Th>
                  <Table.Th>FMI</Table.Th>
                  <Table.Th>SA</Table.Th>
                  <Table.Th>EP Code</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Severity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((f, i) => (
                  <Table.Tr
                    key={`${f.spn}|${f.fmi}|${f.hrReading}|${i}`}
                    data-testid="fault-code-row"
                  >
                    <Table.Td data-label="Hour Reading">{f.hrReading}</Table.Td>
                    <Table.Td data-label="SPN">{f.spn}</Table.Td>
                    <Table.Td data-label="FMI">{f.fmi}</Table.Td>
                    <Table.Td data-label="SA">{f.sa}</Table.Td>
                    <Table.Td data-label="EP Code">{f.epCode}</Table.Td>
                    <Table.Td className="fault-description">{f.description}</Table.Td>
                    <Table.Td className="fault-severity">
                      <Badge color={severityColor[f.severity]} variant="light" tt="none">
                        {f.severity}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Modal>
  );
}
