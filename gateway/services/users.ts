import type { Kysely } from 'kysely';
import { userKindOf, type User } from '../../contract/user';
import type { Database } from '../db/schema';

/** The product §3 "Logged-in user" record: users joined with their account and contact. */
function userQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('accounts as a', 'a.id', 'u.account_id')
    .leftJoin('contacts as c', 'c.id', 'u.contact_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.user_type',
      'u.account_id',
      'a.account_number',
      'a.name as account_name',
      'a.record_type as account_record_type',
      'u.contact_id',
      'c.first_name as contact_first_name',
      'c.last_name as contact_last_name',
      'c.email as contact_email',
      'c.phone as contact_phone',
      'u.is_admin',
      'u.password_expires_at',
    ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof userQuery>['executeTakeFirstOrThrow']>>;

function toUser(r: UserRow): User {
  const contactName =
    r.contact_first_name !== null || r.contact_last_name !== null
      ? [r.contact_first_name, r.contact_last_name].filter(Boolean).join(' ')
      : null;
  const base = {
    id: r.id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    userType: r.user_type,
    accountId: r.account_id,
    accountNumber: r.account_number,
    accountName: r.account_name,
    accountRecordType: r.account_record_type,
    contactId: r.contact_id,
    contactName,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    isAdmin: r.is_admin,
    passwordExpiresAt: r.password_expires_at ? new Date(r.password_expires_at).toISOString() : null,
  };
  return { ...base, kind: userKindOf(base) };
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  const row = await userQuery(db).where('u.id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** Usernames are email addresses: matched case-insensitively. */
export async function findUserByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<User | undefined> {
  const row = await userQuery(db)
    .where((eb) => eb(eb.fn('lower', ['u.username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row && toUser(row);
}

/** For the IdP's password check: the stored hash of a username, if any. */
export async function findPasswordHash(
  db: Kysely<Database>,
  username: string,
): Promise<{ id: string; passwordHash: string | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row && { id: row.id, passwordHash: row.password_hash };
}
