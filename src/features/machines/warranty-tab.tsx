import { Badge, Group, Modal, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { Policy } from '../../../contract/machines';
import { EmptyState } from '../../components/empty-state';
import { formatDay } from '../../domain/dates';
import { policyBadge } from '../../domain/policy-badge';
import { DetailFields } from './detail-fields';

function PolicyModal({ policy, onClose }: { policy: Policy | null; onClose: () => void }) {
  return (
    <Modal opened={policy !== null} onClose={onClose} title={policy?.policyName} size="lg">
      {policy && (
        <Stack gap="md">
          <DetailFields
            fields={[
              ['Policy Type', policy.policyType],
              ['Policy Code', policy.policyCode],
              ['Warranty Start Date', formatDay(policy.warrantyStartDate)],
              ['Warranty End Date', formatDay(policy.warrantyEndDate)],
            ]}
          />
          <Text fw={600}>Usages</Text>
          {policy.pdInventoryUsages.length === 0 ? (
            <Text size="sm" c="dimmed">
              No usage limits.
            </Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Usage Reading Type</Table.Th>
                  <Table.Th>Maximum Unit</Table.Th>
                  <Table.Th>Units of Measure</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {policy.pdInventoryUsages.map((u, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{u.usageReadingType}</Table.Td>
                    <Table.Td>{u.maximumUnit ?? 'N/A'}</Table.Td>
                    <Table.Td>{u.unitsOfMeasure}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** Warranty tab (product §2, §4): policies with a badge by end date; a modal with the detail. */
export function WarrantyTab({ policies }: { policies: Policy[] }) {
  const [open, setOpen] = useState<Policy | null>(null);
  if (policies.length === 0) return <EmptyState>No warranty policies.</EmptyState>;
  return (
    <Stack gap="xs" pt="sm">
      {policies.map((p) => {
        const badge = policyBadge(p.warrantyEndDate);
        return (
          <UnstyledButton
            key={`${p.policyCode}|${p.policyName}`}
            onClick={() => setOpen(p)}
            className="machine-row"
            data-testid="policy-row"
          >
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={600}>{p.policyName}</Text>
                <Text size="sm" c="dimmed">
                  {p.policyType} · ends {formatDay(p.warrantyEndDate)}
                </Text>
              </Stack>
              <Badge
                color={badge.color}
                variant="filled"
                tt="none"
                data-active={badge.label === 'Active'}
              >
                {badge.label}
              </Badge>
            </Group>
          </UnstyledButton>
        );
      })}
      <PolicyModal policy={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
