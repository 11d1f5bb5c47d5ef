import '../../components/card-table.css';
import './dealer-contacts.css';
import { Alert, Anchor, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import {
  DEALER_CONTACTS_ERROR,
  type DealerContact,
  type DealerContactSection,
} from '../../../contract/notifications';
import type { Dealer } from '../../api/dealers';
import { LastUpdated } from '../../components/last-updated';
import { useProfile } from '../../components/use-profile';
import { db } from '../../db/db';
import { refreshDealerContacts } from '../../sync/notifications';
import { DealerPicker } from '../../components/dealer-picker';

function FieldValue({
  contact,
  field,
}: {
  contact: DealerContact;
  field: DealerContactSection['fields'][number];
}) {
  const value = contact[field.key];
  if (!value) return <Text c="dimmed">N/A</Text>;
  if (field.kind === 'email') return <Anchor href={`mailto:${value}`}>{value}</Anchor>;
  if (field.kind === 'phone')
    return (
      <Anchor href={`tel:${value.replace(/[^\d+]/g, '')}`} className="dealer-contact-phone">
        {value}
      </Anchor>
    );
  return <>{value}</>;
}

function Section({
  section,
  contacts,
}: {
  section: DealerContactSection;
  contacts: DealerContact[];
}) {
  const rows = section.division
    ? contacts.filter((c) => c.division?.toUpperCase() === section.division!.toUpperCase())
    : contacts;
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h4" mb="xs">
        {section.title}
      </Title>
      {/* A table from 550 px up; below, each row is a card of labelled values (the CSS). */}
      <Table className="card-table">
        <Table.Thead>
          <Table.Tr>
            {section.fields.map((f) => (
              <Table.Th key={f.key}>{f.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              {section.fields.map((f) => (
                <Table.Td key={f.key} data-label={f.label} data-testid="dealer-contact-field">
                  <FieldValue contact={c} field={f} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * /support/DealerContacts (product §2 My Dealer Contacts): the dealer's contacts in the
 * sections remote configuration gives; kept on the device, so a list seen once opens offline.
 * Internal users pick the dealer.
 */
export function DealerContactsScreen() {
  const user = useProfile();
  const [picked, setPicked] = useState<Dealer | null>(null);
  const [failed, setFailed] = useState(false);
  const internal = user?.kind === 'internal';
  const dealerId = internal ? (picked?.id ?? null) : '';
  const userId = user?.id;
  const row = useLiveQuery(
    async () =>
      userId && dealerId !== null
        ? ((await db.dealerContacts.get([userId, dealerId])) ?? null)
        : null,
    [userId, dealerId],
  );
  useEffect(() => {
    if (!userId || dealerId === null) return;
    const ctrl = new AbortController();
    setFailed(false);
    void refreshDealerContacts(userId, dealerId, ctrl.signal).then(
      // Offline with nothing stored reads as the product's error too: there is nothing to show.
      (o) => setFailed(o.status !== 'ok'),
      () => undefined,
    );
    return () => ctrl.abort();
  }, [userId, dealerId]);

  return (
    <Stack gap="sm" maw={820} mx="auto">
      <Title order={1} size="h2">
        My Dealer Contacts
      </Title>
      {internal && <DealerPicker value={picked} onChange={setPicked} />}
      {user === undefined || (dealerId !== null && row === undefined) ? (
        <Loader m="xl" />
      ) : row ? (
        <>
          <Text fw={700}>{row.contacts.dealer.name}</Text>
          <LastUpdated at={row.syncedAt} />
          {row.contacts.sections.map((s) => (
            <Section key={s.title} section={s} contacts={row.contacts.contacts} />
          ))}
        </>
      ) : failed ? (
        <Alert color="red">{DEALER_CONTACTS_ERROR}</Alert>
      ) : dealerId !== null ? (
        <Loader m="xl" />
      ) : null}
    </Stack>
  );
}
