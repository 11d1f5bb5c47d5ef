import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { MACHINE_NOT_FOUND_MESSAGE } from '../../contract/machines';
import {
  type PartsCombination,
  type Prediction,
  type PredictionCreate,
} from '../../contract/predictions';
import type { User } from '../../contract/user';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { visibleCase } from './case-access';
import { IDEMPOTENCY_KEY_TTL_DAYS } from './idempotency';
import { serialOf } from './machine-lookup';
import { visiblePrediction } from './predictions-access';
import { predictionById } from './predictions-records';

/** The machine a prediction is for: model matched case-insensitively, as the lookup does. */
async function machineOf(db: Kysely<Database>, model: string, serial: string) {
  const machine = await db
    .selectFrom('machines')
    .select(['id', 'material_number', 'serial_number', 'model_family'])
    .where(sql<string>`lower(material_number)`, '=', model.toLowerCase())
    .where('serial_number', '=', serialOf(serial))
    .executeTakeFirst();
  if (!machine) throw new HttpError(404, MACHINE_NOT_FOUND_MESSAGE, 'machine-not-found');
  return machine;
}

/** The longest a prediction made offline can wait on the device: as long as its key is kept. */
const DEVICE_WAIT_MAX_MS = IDEMPOTENCY_KEY_TTL_DAYS * 86_400_000;

/**
 * When a device says it ranked, clamped to what can be true: never after it reached us (a clock
 * running ahead), never longer ago than a queued write can wait (a clock, or a sender, that is
 * wrong).
 */
function rankedAtFromDevice(iso: string): Date {
  const now = Date.now();
  return new Date(Math.min(Math.max(Date.parse(iso), now - DEVICE_WAIT_MAX_MS), now));
}

/** The machine of a prediction request with the family the engine blends towards; 404 if none. */
export async function predictionMachine(db: Kysely<Database>, input: PredictionCreate) {
  return machineOf(db, input.modelNumber, input.serialNumber);
}

/**
 * Records a prediction (product §3 Parts prediction) with the gateway's ranking, done before the
 * write's transaction, which holds no connection while the engine works. One made offline keeps
 * the time it was made (clamped) and the device's answer beside the record's, as what the
 * technician saw: a device's word is a claim, the engine's answer is the record's.
 */
export async function createPrediction(
  db: Kysely<Database>,
  user: User,
  input: PredictionCreate,
  ranked: PartsCombination[],
): Promise<Prediction> {
  const machine = await machineOf(db, input.modelNumber, input.serialNumber);
  const caseId = input.caseId ? (await visibleCase(db, user, input.caseId)).id : null;
  const device = input.deviceAnswer;
  const createdAt = device ? rankedAtFromDevice(device.rankedAt) : new Date();
  const { rows } = await sql<{
    n: string;
  }>`SELECT nextval('prediction_number_seq')::text AS n`.execute(db);
  const id = randomUUID();
  await db
    .insertInto('predictions')
    .values({
      id,
      name: `PPD-${rows[0]!.n.padStart(6, '0')}`,
      model_number: machine.material_number,
      serial_number: machine.serial_number,
      machine_id: machine.id,
      symptom: input.symptom,
      combinations: JSON.stringify(ranked),
      device_combinations: device ? JSON.stringify(device.combinations) : null,
      ranked_on: device ? 'device' : 'gateway',
      case_id: caseId,
      user_id: user.id,
      created_by_name: `${user.firstName} ${user.lastName}`.trim(),
      account_id: user.accountId,
      created_at: createdAt,
    })
    .execute();
  return predictionById(db, user, id);
}

/**
 * Links a prediction to a case (product §4: after the case made from it exists). The same link
 * again changes nothing and answers the same record; both must be visible to the user.
 */
export async function linkPrediction(
  db: Kysely<Database>,
  user: User,
  id: string,
  caseId: string,
): Promise<Prediction> {
  const prediction = await visiblePrediction(db, user, id);
  const target = await visibleCase(db, user, caseId);
  if (prediction.case_id !== target.id) {
    await db.updateTable('predictions').set({ case_id: target.id }).where('id', '=', id).execute();
  }
  return predictionById(db, user, id);
}
