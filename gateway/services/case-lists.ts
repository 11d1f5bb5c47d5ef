import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CaseListResponse, CaseListRow } from '../../contract/cases';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { caseVisibleTo } from './case-access';
import { lastActivity } from './case-last-activity';
import { withUnread } from './case-reads';

const COLUMNS = [
  'id',
  'case_number',
  'status',
  'subject',
  'record_type',
  'serial_number',
  'model_number',
  'created_at',
  'updated_at',
] as const;

interface Cursor {
  at: string;
  id: string;
}

/** Latest activity first, then by id: the cursor is the last row's pair, opaque to callers. */
function encodeCursor(row: { last_activity_at: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.last_activity_at.toISOString(), row.id])).toString(
    'base64url',
  );
}

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at))) {
      return { at, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new HttpError(400, 'The paging cursor is not valid: start again from the first page');
}

type CaseQuery = SelectQueryBuilder<Database, 'cases', object>;

function after(q: CaseQuery, cursor: Cursor | null): CaseQuery {
  if (!cursor) return q;
  return q.where(
    sql<boolean>`(${lastActivity}, cases.id) < (${new Date(cursor.at)}::timestamptz, ${cursor.id})`,
  );
}

function rowOf(r: {
  id: string;
  case_number: string;
  status: string;
  subject: string;
  record_type: 'Case' | 'Report';
  serial_number: string | null;
  model_number: string | null;
  created_at: Date;
  updated_at: Date;
  last_activity_at: Date;
}): Omit<CaseListRow, 'unread'> {
  return {
    id: r.id,
    caseNumber: r.case_number,
    status: r.status,
    subject: r.subject,
    recordType: r.record_type,
    serialNumber: r.serial_number,
    modelNumber: r.model_number,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    lastActivityAt: new Date(r.last_activity_at).toISOString(),
  };
}

async function page(
  db: Kysely<Database>,
  filter: (q: CaseQuery) => CaseQuery,
  limit: number,
  cursor: Cursor | null,
): Promise<{ cases: Omit<CaseListRow, 'unread'>[]; next: string | null }> {
  const rows = await after(filter(db.selectFrom('cases')), cursor)
    .select(COLUMNS)
    .select(lastActivity.as('last_activity_at'))
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  return {
    cases: shown.map(rowOf),
    next: more ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}

async function count(db: Kysely<Database>, filter: (q: CaseQuery) => CaseQuery): Promise<number> {
  const row = await filter(db.selectFrom('cases'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * child-relationships/Cases: an organisation's cases, latest activity first, 100 a page
 * (product §9).
 * A dealer asking for another organisation gets 404, as for an organisation that is not there.
 */
export async function organisationCases(
  db: Kysely<Database>,
  user: User,
  orgId: string,
  q: { after?: string; limit: number },
): Promise<CaseListResponse> {
  const cursor = decodeCursor(q.after);
  if (user.kind !== 'internal' && orgId !== user.accountId) {
    throw new HttpError(404, 'Organisation not found');
  }
  const filter = (b: CaseQuery) =>
    b.where('account_id', '=', orgId).where('record_type', '=', 'Case').where(caseVisibleTo(user));
  // The organisation's existence is read beside the page and the count, not before them: one
  // round trip fewer on the list every dealer opens. Nothing is returned before it is known.
  const [exists, result, total] = await Promise.all([
    db.selectFrom('accounts').select('id').where('id', '=', orgId).executeTakeFirst(),
    page(db, filter, q.limit, cursor),
    count(db, filter),
  ]);
  if (!exists) throw new HttpError(404, 'Organisation not found');
  return { cases: await withUnread(db, user.id, result.cases), next: result.next, total };
}

/**
 * list-records All_TSC_Cases_for_Dealer: a dealer's organisation's cases; for an internal user
 * the cases and reports they submitted or own. Latest activity first.
 */
export async function dealerCases(
  db: Kysely<Database>,
  user: User,
  q: { after?: string; limit: number },
): Promise<CaseListResponse> {
  const cursor = decodeCursor(q.after);
  if (user.kind !== 'internal') {
    if (!user.accountId) return { cases: [], next: null, total: 0 };
    return organisationCases(db, user, user.accountId, q);
  }
  // Two index walks (submitted, owned) merged: an OR would sort every match on each page.
  const submitted = (b: CaseQuery) =>
    b.where('submitted_by', '=', user.id).where(caseVisibleTo(user));
  const owned = (b: CaseQuery) => b.where('owner_id', '=', user.id).where(caseVisibleTo(user));
  // The total as two counts in one statement, each read from one index alone (the owned cases
  // not also submitted): the OR of both columns read the whole table.
  const countOf = (eb: ExpressionBuilder<Database, never>, filter: (q: CaseQuery) => CaseQuery) =>
    filter(eb.selectFrom('cases')).select((c) => c.fn.countAll<string>().as('n'));
  const [a, b, counts] = await Promise.all([
    page(db, submitted, q.limit, cursor),
    page(db, owned, q.limit, cursor),
    db
      .selectNoFrom((eb) => [
        countOf(eb, submitted).as('submitted'),
        countOf(eb, (x) =>
          owned(x).where((w) =>
            w.or([w('submitted_by', 'is', null), w('submitted_by', '!=', user.id)]),
          ),
        ).as('owned_only'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counts.submitted) + Number(counts.owned_only);
  const seen = new Set<string>();
  const merged = [...a.cases, ...b.cases]
    .filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)))
    .sort((x, y) =>
      x.lastActivityAt === y.lastActivityAt
        ? x.id < y.id
          ? 1
          : -1
        : x.lastActivityAt < y.lastActivityAt
          ? 1
          : -1,
    );
  const shown = merged.slice(0, q.limit);
  const more = merged.length > q.limit || a.next !== null || b.next !== null;
  const last = shown[shown.length - 1];
  return {
    cases: await withUnread(db, user.id, shown),
    next:
      more && last
        ? encodeCursor({ last_activity_at: new Date(last.lastActivityAt), id: last.id })
        : null,
    total,
  };
}
