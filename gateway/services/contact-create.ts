import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  INVALID_FIELD_ERROR_CODE,
  type CreateContactResponse,
  type createContactRequestSchema,
} from '../../contract/case-create';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { newId } from './case-updates';

type NewContact = z.infer<typeof createContactRequestSchema>;

/**
 * product §3 Contact (new), §5 New contact: a contact of an account the user may pick (an
 * external user: its own organisation or a customer it services, as the Account lookup
 * offers), type Dealer Contact. The Contact lookup finds it from then on.
 */
export async function createContact(
  db: Kysely<Database>,
  user: User,
  input: NewContact,
): Promise<CreateContactResponse> {
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'parent_dealer_id'])
    .where('id', '=', input.accountId)
    .executeTakeFirst();
  const mayPick =
    account !== undefined &&
    (user.kind === 'internal' ||
      (user.accountId !== null &&
        (account.id === user.accountId || account.parent_dealer_id === user.accountId)));
  if (!mayPick) {
    throw new HttpError(400, 'accountId: The account was not found', INVALID_FIELD_ERROR_CODE);
  }
  const row = await db
    .insertInto('contacts')
    .values({
      id: newId('003'),
      account_id: input.accountId,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      type: input.type,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    accountId: row.account_id,
    name: `${row.first_name} ${row.last_name}`,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email ?? '',
    phone: row.phone ?? '',
    type: row.type ?? input.type,
  };
}
