import { sql, type Kysely } from 'kysely';
import type { User } from '../../contract/user';
import type { CaseSummary } from '../../contract/machines';
import type { Database } from '../db/schema';
import { caseVisibleTo } from './case-access';
import { serialOf } from './machine-lookup';

/** product §9: related cases page size. */
const RECORDS_LIMIT = 100;

/**
 * Cases or reports of one machine (model matched case-insensitively), newest first.
 * product §6: a dealer sees only its own organisation's cases; internal users see all.
 */
export async function machineRecords(
  db: Kysely<Database>,
  user: User,
  kind: 'Case' | 'Report',
  q: { serial: string; model: string },
): Promise<CaseSummary[]> {
  const query = db
    .selectFrom('cases')
    .select(['id', 'case_number', 'status', 'subject'])
    .where('serial_number', '=', serialOf(q.serial))
    .where(sql`lower(model_number)`, '=', q.model.toLowerCase())
    .where('record_type', '=', kind)
    .where(caseVisibleTo(user));
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(RECORDS_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    caseNumber: r.case_number,
    status: r.status,
    subject: r.subject,
  }));
}
