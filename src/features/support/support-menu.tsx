import { Button, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useProfile } from '../../components/use-profile';
import { PdiDialog } from './pdi-dialog';

interface Item {
  label: string;
  to?: string;
  /** Who sees it (product §6); everyone when absent. */
  only?: 'internal' | 'external';
}

/** product §2 Support menu, in its order. */
const items: readonly Item[] = [
  { label: 'Machine Search', to: '/support/machine/search' },
  { label: 'Machine Telematic Install', to: '/support/machine/search/imei' },
  { label: 'Dealer Lookup', to: '/support/sf/dealer/lookup', only: 'internal' },
  { label: 'View Cases', to: '/support/cases' },
  { label: 'KU Information', to: '/support/ku' },
  { label: 'Keyless Master Password', to: '/support/dcu/masterkey' },
  { label: 'Product Delivery Inspection', only: 'external' },
  { label: 'Predictions History', to: '/support/predictions' },
  { label: 'My Dealer Contacts', to: '/support/DealerContacts' },
];

export function SupportMenu() {
  const user = useProfile();
  const navigate = useNavigate();
  const [pdiOpen, setPdiOpen] = useState(false);

  if (!user) return <Loader m="xl" />;
  const visible = items.filter((i) => !i.only || i.only === user.kind);

  return (
    <Stack gap="sm" maw={560} mx="auto">
      <Title order={1} size="h2">
        Support
      </Title>
      {visible.map((item) => (
        <Button
          key={item.label}
          size="md"
          variant="light"
          justify="flex-start"
          fullWidth
          onClick={() => (item.to ? void navigate(item.to) : setPdiOpen(true))}
        >
          {item.label}
        </Button>
      ))}
      <PdiDialog opened={pdiOpen} onClose={() => setPdiOpen(false)} />
    </Stack>
  );
}
