import { sql, type Kysely } from 'kysely';
import {
  MACHINE_NOT_FOUND_MESSAGE,
  PIN_LENGTH,
  SERIAL_LENGTH,
  type MachineDetail,
  type MachineLookupQuery,
  type ModelTypeaheadResponse,
} from '../../contract/machines';
import { escapeLike } from '../db/escape-like';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { machineDetails } from './machine-detail';

const TYPEAHEAD_LIMIT = 20;

/** product §9: a serial is the last 5 characters of the 17-character PIN; accept either. */
export function serialOf(value: string): string {
  const v = value.toUpperCase();
  return v.length === PIN_LENGTH ? v.slice(-SERIAL_LENGTH) : v;
}

/**
 * SearchInventory: by model + serial (model matched case-insensitively), else by PIN.
 * 404 'Machine Not Found' (errorCode machine-not-found) when neither finds one.
 */
export async function lookupMachine(
  db: Kysely<Database>,
  q: Partial<MachineLookupQuery>,
): Promise<MachineDetail> {
  if (q.serial && q.model) {
    const [hit] = await machineDetails(
      db,
      sql`lower(m.material_number) = ${q.model.toLowerCase()} AND m.serial_number = ${serialOf(q.serial)}`,
    );
    if (hit) return hit;
  }
  if (q.pin) {
    const [hit] = await machineDetails(db, sql`m.pin = ${q.pin.toUpperCase()}`);
    if (hit) return hit;
  }
  throw new HttpError(404, MACHINE_NOT_FOUND_MESSAGE, 'machine-not-found');
}

/**
 * SearchModel: the models starting with the typed characters that have a machine whose serial
 * starts with the typed serial. 'Failure' with a message the screen shows when there is none.
 */
export async function modelTypeahead(
  db: Kysely<Database>,
  q: { model: string; serial: string },
): Promise<ModelTypeaheadResponse> {
  const model = `${escapeLike(q.model.toLowerCase())}%`;
  const serial = `${escapeLike(serialOf(q.serial))}%`;
  const rows = await db
    .selectFrom('machines')
    .select(['material_number', (eb) => eb.fn.min('description').as('description')])
    .where((eb) =>
      eb.and([
        eb(eb.fn('lower', ['material_number']), 'like', model),
        eb('serial_number', 'like', serial),
      ]),
    )
    .groupBy('material_number')
    .orderBy('material_number')
    .limit(TYPEAHEAD_LIMIT)
    .execute();
  if (rows.length === 0) {
    return {
      status: 'Failure',
      message: `No model starting with "${q.model}" has a machine with a serial number starting with "${q.serial}".`,
      modelList: [],
    };
  }
  return {
    status: 'Success',
    message: rows.length === 1 ? '1 model found' : `${rows.length} models found`,
    modelList: rows.map((r) => ({ materialNumber: r.material_number, description: r.description })),
  };
}
