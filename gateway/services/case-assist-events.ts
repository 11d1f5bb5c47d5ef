import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  DEFLECTION_MAX_DAYS,
  type AnalyticsBatchResponse,
  type DeflectionCounts,
  type DeflectionSummary,
  type analyticsBatchSchema,
  type deflectionQuerySchema,
} from '../../contract/case-create';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

const DAY_MS = 86_400_000;
/** The summary's range when none is asked for: the last 30 days. */
const DEFAULT_DAYS = 30;

/**
 * POST /api/v1/case-assist/events (product §4 Wizard analytics): stored once per (user, event
 * id), so a background-sync replay records nothing twice. A device clock ahead of the
 * gateway's is taken as now: a day in the future would never show in the summary.
 */
export async function recordEvents(
  db: Kysely<Database>,
  user: User,
  batch: z.infer<typeof analyticsBatchSchema>,
): Promise<AnalyticsBatchResponse> {
  const now = Date.now();
  const rows = batch.events.map((e) => ({
    user_id: user.id,
    id: e.id,
    wizard_id: e.wizardId,
    type: e.type,
    occurred_at: new Date(Math.min(Date.parse(e.occurredAt), now)),
    record_type: e.recordType,
    subject: e.subject,
    serial_number: e.serialNumber,
    model_number: e.modelNumber,
    dtc_code: e.dtcCode,
    business_unit: e.businessUnit,
    stage: e.stage,
    field: e.field,
    reason: e.reason,
    article_id: e.articleId,
    case_id: e.caseId,
  }));
  const inserted = await db
    .insertInto('case_assist_events')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .returning('id')
    .execute();
  return { accepted: rows.length, recorded: inserted.length };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const COUNTS = sql<DeflectionCounts>`
  count(DISTINCT user_id || ':' || wizard_id)::int AS started,
  count(DISTINCT user_id || ':' || wizard_id)
    FILTER (WHERE type = 'ticket_cancel' AND reason = 'Solved')::int AS solved,
  count(DISTINCT user_id || ':' || wizard_id)
    FILTER (WHERE type = 'ticket_cancel' AND reason = 'Quit')::int AS cancelled,
  count(DISTINCT user_id || ':' || wizard_id) FILTER (WHERE type = 'ticket_create')::int AS created`;

/**
 * GET /api/v1/admin/case-assist/deflection: per UTC day, the wizard runs started, those an
 * article solved (cancelled with Solved), those quit, and those that created a case or report.
 * A run counts once per day whatever number of events it sent.
 */
export async function deflectionSummary(
  db: Kysely<Database>,
  query: z.infer<typeof deflectionQuerySchema>,
): Promise<DeflectionSummary> {
  const to = query.to ?? day(Date.now());
  const from = query.from ?? day(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span < 1) throw new HttpError(400, 'from: The range starts after it ends');
  if (span > DEFLECTION_MAX_DAYS) {
    throw new HttpError(400, `from: The range is at most ${DEFLECTION_MAX_DAYS} days`);
  }
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const { rows } = await sql<DeflectionCounts & { date: string }>`
    SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, ${COUNTS}
    FROM case_assist_events
    WHERE occurred_at >= ${start} AND occurred_at < ${end}
    GROUP BY 1 ORDER BY 1`.execute(db);
  const totals = await sql<DeflectionCounts>`
    SELECT ${COUNTS} FROM case_assist_events
    WHERE occurred_at >= ${start} AND occurred_at < ${end}`.execute(db);
  return { from, to, days: rows, totals: totals.rows[0]! };
}
