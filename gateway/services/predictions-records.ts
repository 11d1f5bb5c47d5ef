import type { Kysely } from 'kysely';
import type { Prediction, PredictionSummary } from '../../contract/predictions';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { caseVisibleTo, visibleCase } from './case-access';
import { predictionNotFound, predictionVisibleTo } from './predictions-access';

/** The newest of a user's predictions that "My predictions" lists. */
export const MY_PREDICTIONS_MAX = 500;

/**
 * Predictions with their linked case, for this user. The case is shown only when the user may
 * see it too: a dealer never learns the id of another organisation's case through a link an
 * internal user made.
 */
function predictionsFor(db: Kysely<Database>, user: User) {
  return db
    .selectFrom('predictions as p')
    .leftJoin('cases as c', (join) =>
      join.onRef('c.id', '=', 'p.case_id').on(caseVisibleTo(user, 'c')),
    )
    .where(predictionVisibleTo(user, 'p'))
    .select([
      'p.id',
      'p.name',
      'p.model_number',
      'p.serial_number',
      'p.symptom',
      'p.created_at',
      'p.combinations',
      'p.ranked_on',
      'p.created_by_name',
      'p.outcome',
      'p.outcome_part',
      'p.outcome_source',
      'p.outcome_at',
      'c.id as case_id',
      'c.case_number',
    ]);
}

type PredictionRow = Awaited<ReturnType<ReturnType<typeof predictionsFor>['execute']>>[number];

function toPrediction(row: PredictionRow): Prediction {
  return {
    id: row.id,
    name: row.name,
    modelNumber: row.model_number,
    serialNumber: row.serial_number,
    symptom: row.symptom,
    createdAt: new Date(row.created_at).toISOString(),
    combinations: row.combinations,
    caseId: row.case_id,
    caseNumber: row.case_number,
    createdBy: row.created_by_name,
    rankedOn: row.ranked_on,
    outcome:
      row.outcome && row.outcome_part !== null && row.outcome_source && row.outcome_at
        ? {
            result: row.outcome,
            causalPart: row.outcome_part,
            source: row.outcome_source,
            recordedAt: new Date(row.outcome_at).toISOString(),
          }
        : null,
  };
}

/** One prediction this user may see; 404 otherwise. */
export async function predictionById(
  db: Kysely<Database>,
  user: User,
  id: string,
): Promise<Prediction> {
  const row = await predictionsFor(db, user).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw predictionNotFound();
  return toPrediction(row);
}

/** The user's own predictions, newest first (product §2 Prediction history). */
export async function myPredictions(
  db: Kysely<Database>,
  user: User,
): Promise<PredictionSummary[]> {
  // The list's columns only: the answers stay in the database until a prediction is opened.
  const rows = await db
    .selectFrom('predictions as p')
    .leftJoin('cases as c', (join) =>
      join.onRef('c.id', '=', 'p.case_id').on(caseVisibleTo(user, 'c')),
    )
    .where('p.user_id', '=', user.id)
    .where(predictionVisibleTo(user, 'p'))
    .select([
      'p.id',
      'p.name',
      'p.symptom',
      'p.created_at',
      'p.model_number',
      'p.serial_number',
      'c.id as case_id',
    ])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(MY_PREDICTIONS_MAX)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    symptom: r.symptom,
    createdAt: new Date(r.created_at).toISOString(),
    modelNumber: r.model_number,
    serialNumber: r.serial_number,
    caseId: r.case_id,
  }));
}

/** The predictions linked to a case the user may see (404 for a case it may not). */
export async function casePredictions(
  db: Kysely<Database>,
  user: User,
  caseId: string,
): Promise<Prediction[]> {
  await visibleCase(db, user, caseId);
  const rows = await predictionsFor(db, user)
    .where('p.case_id', '=', caseId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map(toPrediction);
}
