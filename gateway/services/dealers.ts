import type { Kysely } from 'kysely';
import type { Dealer, DealerQuery } from '../../contract/dealers';
import { escapeLike } from '../db/escape-like';
import type { Database } from '../db/schema';

const LIMIT = 100;

/**
 * product §2/§5 Dealer lookup: name contains (case-insensitive), city equals (case-insensitive),
 * state equals the 2-letter code, number equals. Every value is a bound parameter.
 */
export async function searchDealers(db: Kysely<Database>, q: DealerQuery): Promise<Dealer[]> {
  let query = db
    .selectFrom('accounts')
    .select(['id', 'name', 'account_number', 'city', 'state'])
    .where('record_type', '=', 'Dealer');
  if (q.name) {
    const pattern = `%${escapeLike(q.name.toLowerCase())}%`;
    query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', pattern));
  }
  if (q.city) {
    const city = q.city.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['city']), '=', city));
  }
  if (q.state) query = query.where('state', '=', q.state.toUpperCase());
  if (q.number) query = query.where('account_number', '=', q.number);
  const rows = await query.orderBy('name').orderBy('id').limit(LIMIT).execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    number: r.account_number,
    city: r.city,
    state: r.state,
  }));
}
