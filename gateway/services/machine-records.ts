import { sql, type Kysely } from 'kysely';
import type { User } from '../../contract/user';
import type { CaseSummary } from '../../contract/machines';
import type { Database } from '../db/schema';
import { caseVisibleTo } from './case-access';
import { lastActivity } from './case-last-activity';
import { withUnread } from './case-reads';
import { serialOf } from './machine-lookup';

/** product §9: related cases page size. */
const RECORDS_LIMIT = 100;

/**
 * Cases or reports of one machine (model matched case-insensitively), latest activity
 * first.
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
    .select(lastActivity.as('last_activity_at'))
    .where('serial_number', '=', serialOf(q.serial))
    .where(sql`lower(model_number)`, '=', q.model.toLowerCase())
    .where('record_type', '=', kind)
    .where(caseVisibleTo(user));
  const rows = await query
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECORDS_LIMIT)
    .execute();
  return withUnread(
    db,
    user.id,
    rows.map((r) => ({
      id: r.id,
      caseNumber: r.case_number,
      status: r.status,
      subject: r.subject,
      lastActivityAt: new Date(r.last_activity_at).toISOString(),
    })),
  );
}
