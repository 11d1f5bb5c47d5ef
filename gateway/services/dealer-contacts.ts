import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import {
  dealerContactSectionSchema,
  type DealerContacts,
  type DealerContactSection,
} from '../../contract/notifications';
import type { Database } from '../db/schema';
import type { OrganisationScope } from '../http/access';

/** The remote_config key of product §3 DealerContactSections. */
export const DEALER_CONTACT_SECTIONS_KEY = 'DealerContactSections';

/** What a fresh install shows until an operator edits remote_config. */
export const DEFAULT_DEALER_CONTACT_SECTIONS: DealerContactSection[] = [
  {
    title: 'Dealer Contacts',
    division: null,
    fields: [
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'phone', label: 'Phone', kind: 'phone' },
      { key: 'division', label: 'Division', kind: 'text' },
    ],
  },
];

/** The configured sections; a value an operator broke falls back to the defaults. */
export async function dealerContactSections(db: Kysely<Database>): Promise<DealerContactSection[]> {
  const row = await db
    .selectFrom('remote_config')
    .select('value')
    .where('key', '=', DEALER_CONTACT_SECTIONS_KEY)
    .executeTakeFirst();
  const parsed = z.array(dealerContactSectionSchema).safeParse(row?.value);
  return parsed.success && parsed.data.length > 0 ? parsed.data : DEFAULT_DEALER_CONTACT_SECTIONS;
}

/**
 * product §2 Dealer Contacts: the contacts of one dealer. An external user gets its own
 * dealer only (another dealer's id answers null, read as 404); internal users pick any.
 */
export async function dealerContacts(
  db: Kysely<Database>,
  scope: OrganisationScope,
  ownAccountId: string | null,
  dealerId: string | undefined,
): Promise<DealerContacts | null> {
  const id = dealerId ?? ownAccountId;
  if (!id || scope.kind === 'none') return null;
  if (scope.kind === 'one' && scope.accountId !== id) return null;
  const dealer = await db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('record_type', '!=', 'Customer')
    .executeTakeFirst();
  if (!dealer) return null;
  const rows = await db
    .selectFrom('contacts')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'type', 'division'])
    .where('account_id', '=', id)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return {
    dealer,
    sections: await dealerContactSections(db),
    contacts: rows.map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      type: r.type,
      division: r.division ?? null,
    })),
  };
}
