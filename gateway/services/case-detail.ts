import { sql, type Kysely } from 'kysely';
import { CLOSED_STATUS, type CaseDetail, type FieldValue } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { caseNotFound, mayRead } from './case-access';
import { CASE_FIELD_COLUMNS, fieldValue } from './case-fields';

/** Statuses after which a case takes no more work (closing sets Resolved). */
const CLOSED_STATUSES = new Set([CLOSED_STATUS, 'Forced Closed', 'Closed']);

const fullName = (first: string | null, last: string | null): string | null =>
  first || last ? [first, last].filter(Boolean).join(' ') : null;

/**
 * record-ui: the case or report with its header, the machine behind it and every field by API
 * name. 404 for a case that does not exist or belongs to another dealer (DECISIONS).
 */
export async function caseDetail(
  db: Kysely<Database>,
  user: User,
  id: string,
): Promise<CaseDetail> {
  const row = await db
    .selectFrom('cases as c')
    .leftJoin('case_record_types as rt', 'rt.id', 'c.record_type_id')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .leftJoin('contacts as ct', 'ct.id', 'c.contact_id')
    .leftJoin('users as su', 'su.id', 'c.submitted_by')
    .leftJoin('users as ow', 'ow.id', 'c.owner_id')
    .leftJoin('machines as m', 'm.id', 'c.inventory_id')
    .leftJoin('accounts as cu', 'cu.id', 'm.customer_id')
    .leftJoin('accounts as sd', 'sd.id', 'm.servicing_dealer_id')
    .selectAll('c')
    .select([
      'rt.id as rt_id',
      'a.name as account_name',
      'ct.first_name as contact_first',
      'ct.last_name as contact_last',
      'ct.email as contact_email',
      'su.first_name as submitter_first',
      'su.last_name as submitter_last',
      'su.username as submitter_email',
      'ow.first_name as owner_first',
      'ow.last_name as owner_last',
      'm.id as machine_id',
      'm.description as machine_description',
      'cu.name as customer_name',
      'cu.city as customer_city',
      'cu.state as customer_state',
      'sd.name as dealer_name',
      sql<string>`to_char(c.failure_date, 'YYYY-MM-DD')`.as('failure_day'),
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row || !mayRead(user, row.account_id)) throw caseNotFound();

  const contactName = fullName(row.contact_first, row.contact_last);
  const fields: Record<string, FieldValue> = {};
  for (const [apiName, column] of CASE_FIELD_COLUMNS) {
    const raw = column === 'failure_date' ? row.failure_day : row[column];
    fields[apiName] = fieldValue(column, raw);
  }
  // Reference fields read as the record's name; the ids are in the header fields.
  fields.AccountId = row.account_name ?? null;
  fields.ContactId = contactName;
  fields.ContactEmail = row.contact_email ?? null;
  fields.Inventory__c = row.machine_description ?? row.inventory_id;
  fields.RecordTypeId = row.record_type;

  const submitterName = fullName(row.submitter_first, row.submitter_last) ?? contactName;
  return {
    id: row.id,
    caseNumber: row.case_number,
    recordType: row.record_type,
    recordTypeId: row.rt_id ?? row.record_type_id ?? '',
    subject: row.subject,
    status: row.status,
    description: row.description,
    serialNumber: row.serial_number,
    modelNumber: row.model_number,
    pin: row.pin,
    accountId: row.account_id,
    accountName: row.account_name ?? null,
    contactId: row.contact_id,
    contactName,
    contactEmail: row.contact_email ?? null,
    submitterName,
    submitterEmail: row.submitter_email ?? row.contact_email ?? null,
    ownerName: fullName(row.owner_first, row.owner_last),
    inventory: {
      inventoryId: row.machine_id ?? row.inventory_id,
      description: row.machine_description ?? null,
      ownerName: row.customer_name ?? null,
      city: row.customer_city ?? null,
      state: row.customer_state ?? null,
      servicingDealerName: row.dealer_name ?? null,
    },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    isClosed: CLOSED_STATUSES.has(row.status),
    fields,
  };
}
