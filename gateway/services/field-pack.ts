import { sql, type Kysely } from 'kysely';
import type { FieldPackResponse } from '../../contract/machines';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { machineDetails } from './machine-detail';

const DEALER_NOT_FOUND = 'Dealer not found';

/**
 * Which dealer's machines a user may download: an external user only their own dealer
 * (another dealer's id answers 404, as if it did not exist); an internal user must pick one.
 */
async function dealerFor(db: Kysely<Database>, user: User, dealerId: string | undefined) {
  let id: string;
  if (user.kind === 'internal') {
    if (!dealerId) throw new HttpError(400, 'Choose a dealer');
    id = dealerId;
  } else {
    if (!user.accountId || (dealerId && dealerId !== user.accountId)) {
      throw new HttpError(404, DEALER_NOT_FOUND);
    }
    id = user.accountId;
  }
  const dealer = await db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('record_type', '=', 'Dealer')
    .executeTakeFirst();
  if (!dealer) throw new HttpError(404, DEALER_NOT_FOUND);
  return dealer;
}

/**
 * "Prepare for the field": one page of the machines a dealer services, with full details,
 * in inventory-id order. The cursor is the last inventory id of the previous page (keyset:
 * the index on (servicing_dealer_id, id) makes every page as cheap as the first).
 */
export async function fieldPack(
  db: Kysely<Database>,
  user: User,
  q: { dealerId?: string; after?: string; limit: number },
): Promise<FieldPackResponse> {
  const dealer = await dealerFor(db, user, q.dealerId);
  const after = q.after ? sql` AND m.id > ${q.after}` : sql``;
  const [machines, count] = await Promise.all([
    machineDetails(
      db,
      sql`m.servicing_dealer_id = ${dealer.id}${after}`,
      sql`ORDER BY m.id LIMIT ${q.limit + 1}`,
    ),
    db
      .selectFrom('machines')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('servicing_dealer_id', '=', dealer.id)
      .executeTakeFirstOrThrow(),
  ]);
  const page = machines.slice(0, q.limit);
  return {
    dealerId: dealer.id,
    dealerName: dealer.name,
    total: Number(count.n),
    machines: page,
    next: machines.length > q.limit ? page[page.length - 1]!.inventoryId : null,
  };
}
