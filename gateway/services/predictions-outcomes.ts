import { sql, type Kysely } from 'kysely';
import type { PredictionQuality, QualityCounts } from '../../contract/prediction-quality';
import type { PartsCombination } from '../../contract/predictions';
import type { Database, PredictionOutcome } from '../db/schema';

/** A claim for the same machine this long after a prediction tells what its fault was. */
export const OUTCOME_CLAIM_DAYS = 60;

const samePart = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Where the causal part stood among the answers: the smallest top-k that holds it. */
export function outcomeOf(
  answers: readonly PartsCombination[],
  causalPart: string,
): PredictionOutcome {
  const rank = answers.findIndex((a) => samePart(a.causalPart, causalPart)) + 1;
  if (rank === 0 || rank > 5) return 'miss';
  return rank === 1 ? 'hit1' : rank <= 3 ? 'hit3' : 'hit5';
}

type Settle = { id: string; combinations: PartsCombination[]; part: string };

async function settle(db: Kysely<Database>, rows: Settle[], source: 'case' | 'claim') {
  for (const row of rows) {
    await db
      .updateTable('predictions')
      .set({
        outcome: outcomeOf(row.combinations, row.part),
        outcome_part: row.part,
        outcome_source: source,
        outcome_at: new Date(),
      })
      .where('id', '=', row.id)
      .where('outcome', 'is', null)
      .execute();
  }
}

/**
 * A closed case's causal part settles the predictions linked to it that are still open. A case
 * closed without one leaves them waiting (a claim may still tell).
 */
export async function recordCaseOutcomes(db: Kysely<Database>, caseId: string): Promise<void> {
  const rows = await db
    .selectFrom('predictions as p')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .where('p.case_id', '=', caseId)
    .where('p.outcome', 'is', null)
    .where(sql<boolean>`coalesce(trim(c.causal_part_number), '') <> ''`)
    .select(['p.id', 'p.combinations', 'c.causal_part_number as part'])
    .execute();
  await settle(db, rows as Settle[], 'case');
}

/**
 * Claims arrive in bulk from the warranty system, not through the gateway, so the predictions
 * still waiting are matched against them when their quality is read: the first claim for the
 * same machine (model + serial) repaired within 60 days of the prediction.
 */
export async function settleFromClaims(db: Kysely<Database>): Promise<void> {
  const rows = await db
    .selectFrom('predictions as p')
    .innerJoin('machines as m', (join) =>
      join
        .on(sql<boolean>`lower(m.material_number) = lower(p.model_number)`)
        .onRef('m.serial_number', '=', 'p.serial_number'),
    )
    .innerJoin('machine_claims as k', 'k.machine_id', 'm.id')
    .where('p.outcome', 'is', null)
    .where(sql<boolean>`k.date_of_repair >= (p.created_at AT TIME ZONE 'UTC')::date`)
    .where(
      sql<boolean>`k.date_of_repair <= ((p.created_at AT TIME ZONE 'UTC') + make_interval(days => ${OUTCOME_CLAIM_DAYS}))::date`,
    )
    .distinctOn('p.id')
    .orderBy('p.id')
    .orderBy('k.date_of_repair')
    .orderBy('k.id')
    .select(['p.id', 'p.combinations', 'k.causal_part_number as part'])
    .execute();
  await settle(db, rows as Settle[], 'claim');
}

const COUNTS = {
  settled: sql<string>`count(*)`,
  top1: sql<string>`count(*) FILTER (WHERE outcome = 'hit1')`,
  top3: sql<string>`count(*) FILTER (WHERE outcome IN ('hit1', 'hit3'))`,
  top5: sql<string>`count(*) FILTER (WHERE outcome <> 'miss')`,
};

function countsOf(row: Record<keyof QualityCounts, string | number>): QualityCounts {
  return {
    settled: Number(row.settled),
    top1: Number(row.top1),
    top3: Number(row.top3),
    top5: Number(row.top5),
  };
}

/** Hit rates by month made (UTC) and by model, over every organisation's predictions. */
export async function predictionQuality(db: Kysely<Database>): Promise<PredictionQuality> {
  await settleFromClaims(db);
  const month = sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const settled = db.selectFrom('predictions').where('outcome', 'is not', null);
  const [months, models, pending] = await Promise.all([
    settled
      .select([month.as('month'), ...Object.entries(COUNTS).map(([k, v]) => v.as(k))])
      .groupBy(month)
      .orderBy(month)
      .execute(),
    settled
      .select(['model_number', ...Object.entries(COUNTS).map(([k, v]) => v.as(k))])
      .groupBy('model_number')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('model_number')
      .execute(),
    db
      .selectFrom('predictions')
      .where('outcome', 'is', null)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  // The counts' aliases come from COUNTS's keys, which the select's types cannot follow.
  type Row = Record<keyof QualityCounts, string>;
  const monthRows = months as unknown as (Row & { month: string })[];
  const modelRows = models as unknown as (Row & { model_number: string })[];
  return {
    months: monthRows.map((r) => ({ month: r.month, ...countsOf(r) })),
    models: modelRows.map((r) => ({ model: r.model_number, ...countsOf(r) })),
    pending: Number(pending.n),
  };
}
