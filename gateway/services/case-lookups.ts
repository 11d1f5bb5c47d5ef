import { sql, type Kysely } from 'kysely';
import type { LookupResponse } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { escapeLike } from '../db/escape-like';

const LOOKUP_LIMIT = 20;

/** The organisations an external user may pick: its own and the customers it services. */
function ownAccounts(db: Kysely<Database>, user: User) {
  return db
    .selectFrom('accounts')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('id', '=', user.accountId ?? ''),
        eb('parent_dealer_id', '=', user.accountId ?? ''),
      ]),
    );
}

async function accounts(db: Kysely<Database>, user: User, q: string) {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  let query = db
    .selectFrom('accounts')
    .select(['id', 'name', 'city', 'state', 'record_type'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', pattern),
        eb(sql`lower(account_number)`, 'like', `${escapeLike(q.toLowerCase())}%`),
      ]),
    );
  if (user.kind !== 'internal') query = query.where('id', 'in', ownAccounts(db, user));
  const rows = await query.orderBy('name').orderBy('id').limit(LOOKUP_LIMIT).execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    detail: [[r.city, r.state].filter(Boolean).join(', '), r.record_type]
      .filter(Boolean)
      .join(' · '),
  }));
}

async function contacts(db: Kysely<Database>, user: User, q: string, accountId?: string) {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  let query = db
    .selectFrom('contacts')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
        eb(sql`lower(email)`, 'like', pattern),
      ]),
    );
  // dependentFieldBindings: the contacts of the chosen account only.
  if (accountId) query = query.where('account_id', '=', accountId);
  if (user.kind !== 'internal') query = query.where('account_id', 'in', ownAccounts(db, user));
  const rows = await query
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(LOOKUP_LIMIT)
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, detail: r.email }));
}

async function inventory(db: Kysely<Database>, user: User, q: string, accountId?: string) {
  const prefix = `${escapeLike(q.toUpperCase())}%`;
  let query = db
    .selectFrom('machines')
    .select(['id', 'serial_number', 'material_number', 'description'])
    .where((eb) => eb.or([eb('serial_number', 'like', prefix), eb('pin', 'like', prefix)]));
  // Bound to an account: the machines it owns or services.
  if (accountId) {
    query = query.where((eb) =>
      eb.or([eb('customer_id', '=', accountId), eb('servicing_dealer_id', '=', accountId)]),
    );
  }
  if (user.kind !== 'internal') {
    query = query.where('servicing_dealer_id', '=', user.accountId ?? '');
  }
  const rows = await query
    .orderBy('serial_number')
    .orderBy('material_number')
    .limit(LOOKUP_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: `${r.material_number} ${r.serial_number}`,
    detail: r.description,
  }));
}

const LOOKUPS = {
  AccountId: { objectName: 'Account', run: accounts },
  ContactId: { objectName: 'Contact', run: contacts },
  Inventory__c: { objectName: 'Inventory', run: inventory },
} as const;

/** lookups/Case/{field}: the layout's reference fields, typeahead from 3 characters. */
export async function lookup(
  db: Kysely<Database>,
  user: User,
  field: string,
  q: { q: string; AccountId?: string },
): Promise<LookupResponse> {
  const spec = Object.hasOwn(LOOKUPS, field) ? LOOKUPS[field as keyof typeof LOOKUPS] : null;
  if (!spec) throw new HttpError(404, `No lookup for the field ${field.slice(0, 60)}`);
  const records = await spec.run(db, user, q.q, q.AccountId);
  return { field, objectName: spec.objectName, count: records.length, records };
}
