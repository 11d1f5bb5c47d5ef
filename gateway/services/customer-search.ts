import { sql, type Kysely } from 'kysely';
import {
  CUSTOMER_SEARCH_LIMIT,
  type CustomerSearchQuery,
  type CustomerSearchResponse,
} from '../../contract/machines';
import type { Database } from '../db/schema';
import { escapeLike } from '../db/escape-like';
import { iconUrlOf, readStockIconMap } from './stock-icon-map';

/**
 * Machine search by customer (product §5, limit 500): the machines of customers (accounts of
 * record type Customer) whose name contains the first and the last name given (any case),
 * in the city (any case) and state given. The product §5 rules were checked by the contract.
 * Every value is a bound parameter; the contains match uses the accounts' trigram index.
 */
export async function searchByCustomer(
  db: Kysely<Database>,
  q: CustomerSearchQuery,
): Promise<CustomerSearchResponse> {
  let query = db
    .selectFrom('accounts as c')
    .innerJoin('machines as m', 'm.customer_id', 'c.id')
    .leftJoin('accounts as d', 'd.id', 'm.servicing_dealer_id')
    .select([
      'm.serial_number',
      'm.material_number',
      'm.description',
      'm.pin',
      'm.model_family',
      'c.name as customer_name',
      'c.city',
      'c.state',
      'd.name as dealer_name',
    ])
    .where('c.record_type', '=', 'Customer');
  for (const part of [q.firstName, q.lastName]) {
    if (!part) continue;
    const pattern = `%${escapeLike(part.toLowerCase())}%`;
    query = query.where(sql`lower(c.name)`, 'like', pattern);
  }
  if (q.city) query = query.where(sql`lower(c.city)`, '=', q.city.toLowerCase());
  if (q.state) query = query.where('c.state', '=', q.state.toUpperCase());
  const [rows, icons] = await Promise.all([
    query
      .orderBy('c.name')
      .orderBy('m.material_number')
      .orderBy('m.serial_number')
      .limit(CUSTOMER_SEARCH_LIMIT + 1)
      .execute(),
    readStockIconMap(db),
  ]);
  return {
    machines: rows.slice(0, CUSTOMER_SEARCH_LIMIT).map((r) => ({
      serialNumber: r.serial_number,
      materialNumber: r.material_number,
      description: r.description,
      productIdentificationNo: r.pin,
      endCustomerName: r.customer_name,
      city: r.city,
      state: r.state,
      servicingDealerName: r.dealer_name,
      iconUrl: iconUrlOf(icons, r.model_family),
    })),
    truncated: rows.length > CUSTOMER_SEARCH_LIMIT,
  };
}
