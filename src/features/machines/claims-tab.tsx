import { Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { Claim } from '../../../contract/machines';
import { EmptyState } from '../../components/empty-state';
import { formatDay } from '../../domain/dates';
import { DetailFields } from './detail-fields';

function ClaimModal({ claim, onClose }: { claim: Claim | null; onClose: () => void }) {
  return (
    <Modal
      opened={claim !== null}
      onClose={onClose}
      title={claim ? `Claim ${claim.claimNumber}` : undefined}
      size="lg"
    >
      {claim && (
        <DetailFields
          fields={[
            ['Claim Number', claim.claimNumber],
            ['Claim Type', claim.claimType],
            ['Serial Number', claim.inventorySerialNumber],
            ['Model Number', claim.modelNumber],
            ['Dealer', claim.dealer],
            ['Date of Repair', formatDay(claim.dateOfRepair)],
            ['Symptom Description', claim.symptomDescription],
            ['Defect Description', claim.defectDescription],
            ['Causal Part Description', claim.causalPartDescription],
            ['Causal Part Number', claim.causalPartNumber],
            ['Machine Usage Reading', claim.machineUsageReading],
            ['Service Campaign', claim.serviceCampaign],
          ]}
        />
      )}
    </Modal>
  );
}

/** Claims tab (product §2): the machine's claims; a modal with the claim detail. */
export function ClaimsTab({ claims }: { claims: Claim[] }) {
  const [open, setOpen] = useState<Claim | null>(null);
  if (claims.length === 0) return <EmptyState>No claims.</EmptyState>;
  return (
    <Stack gap="xs" pt="sm">
      {claims.map((c) => (
        <UnstyledButton
          key={c.claimNumber}
          onClick={() => setOpen(c)}
          className="machine-row"
          data-testid="claim-row"
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>{c.claimNumber}</Text>
              <Text size="sm" c="dimmed">
                {c.claimType} · {formatDay(c.dateOfRepair)}
              </Text>
            </Stack>
            <Text size="sm" ta="right" lineClamp={2}>
              {c.symptomDescription}
            </Text>
          </Group>
        </UnstyledButton>
      ))}
      <ClaimModal claim={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
