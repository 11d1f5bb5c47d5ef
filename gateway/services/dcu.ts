import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  IMEI_INVALID_MESSAGE,
  type DcuPairingResult,
  type DcuStatus,
  type dcuPairingSchema,
} from '../../contract/dcu';
import type { User } from '../../contract/user';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { audit } from './audit';

export const ALREADY_PAIRED_MESSAGE =
  'This DCU is already paired with another machine. Unpair it there or contact the TSC.';
export const MACHINE_NOT_FOUND_MESSAGE = 'Machine Not Found';

type PairingInput = z.output<typeof dcuPairingSchema>;

function imeiUnknown(): HttpError {
  return new HttpError(404, IMEI_INVALID_MESSAGE, 'imei-unknown');
}

/** validateDCUv2: the unit's part number and last report; 404 'imei-unknown' when unknown. */
export async function dcuStatus(db: Kysely<Database>, imei: string): Promise<DcuStatus> {
  const unit = await db
    .selectFrom('dcu_units')
    .select(['imei', 'part_number', 'last_report_at'])
    .where('imei', '=', imei)
    .executeTakeFirst();
  if (!unit) throw imeiUnknown();
  return {
    imei: unit.imei,
    type: unit.part_number,
    lastReportedAt: unit.last_report_at ? new Date(unit.last_report_at).toISOString() : null,
  };
}

/** The machine a pairing names: serial + model first, else the PIN when one was sent. */
async function findMachine(trx: Transaction<Database>, input: PairingInput) {
  const bySerial = await trx
    .selectFrom('machines')
    .select(['id', 'serial_number', 'material_number', 'imei', 'servicing_dealer_id'])
    .where('serial_number', '=', input.serialNumber)
    .where((eb) => eb(eb.fn('upper', ['material_number']), '=', input.modelNumber.toUpperCase()))
    .orderBy('id')
    .forUpdate()
    .executeTakeFirst();
  if (bySerial || input.pin === '') return bySerial;
  return trx
    .selectFrom('machines')
    .select(['id', 'serial_number', 'material_number', 'imei', 'servicing_dealer_id'])
    .where('pin', '=', input.pin.toUpperCase())
    .orderBy('id')
    .forUpdate()
    .executeTakeFirst();
}

function mayPair(user: User, servicingDealerId: string | null): boolean {
  if (user.kind === 'internal' || servicingDealerId === null) return true;
  return servicingDealerId === user.accountId;
}

/**
 * UpdateIMEI: pairs the unit with the machine. Runs inside the caller's transaction (that
 * of idempotentWrite()), checks everything before writing, and locks the unit row so two
 * pairings of one unit cannot both pass the "already paired" check.
 */
export async function pairDcu(
  trx: Transaction<Database>,
  user: User,
  input: PairingInput,
): Promise<DcuPairingResult> {
  const unit = await trx
    .selectFrom('dcu_units')
    .select(['imei', 'part_number'])
    .where('imei', '=', input.imeiNumber)
    .forUpdate()
    .executeTakeFirst();
  if (!unit) throw imeiUnknown();

  const machine = await findMachine(trx, input);
  // Another dealer's machine does not exist for a dealer's user (product §6): pairing it
  // would silently unpair that dealer's unit. A machine no dealer services is anyone's.
  if (!machine || !mayPair(user, machine.servicing_dealer_id)) {
    throw new HttpError(404, MACHINE_NOT_FOUND_MESSAGE, 'machine-not-found');
  }

  const holder = await trx
    .selectFrom('machines')
    .select('id')
    .where('imei', '=', unit.imei)
    .where('id', '!=', machine.id)
    .executeTakeFirst();
  if (holder) throw new HttpError(409, ALREADY_PAIRED_MESSAGE, 'already-paired');

  const previousImei = machine.imei !== unit.imei ? machine.imei : null;
  // machines.imei is the current pairing: setting it frees the machine's previous unit.
  await trx.updateTable('machines').set({ imei: unit.imei }).where('id', '=', machine.id).execute();

  const pairing = await trx
    .insertInto('dcu_pairings')
    .values({
      id: randomUUID(),
      imei: unit.imei,
      machine_id: machine.id,
      paired_by: user.id,
      dcu_part_number: input.dcuPartNumber,
      usage_hours: input.usageHours,
      pin: input.pin,
    })
    .returning(['id', 'paired_at'])
    .executeTakeFirstOrThrow();

  await audit(trx, 'dcu-pairing', user.id, unit.imei, {
    pairingId: pairing.id,
    machineId: machine.id,
    serialNumber: machine.serial_number,
    modelNumber: machine.material_number,
    previousImei,
    usageHours: input.usageHours,
    dcuPartNumber: input.dcuPartNumber,
    unitPartNumber: unit.part_number,
  });

  return {
    pairingId: pairing.id,
    imeiNumber: unit.imei,
    serialNumber: machine.serial_number,
    modelNumber: machine.material_number,
    pairedAt: new Date(pairing.paired_at).toISOString(),
  };
}

/**
 * A unit's pairings, newest first. Internal users see every pairing; a dealer's users see the
 * pairings made by users of their own organisation (product §6: a dealer sees its own records).
 */
export async function pairingHistory(
  db: Kysely<Database>,
  user: User,
  imei: string,
): Promise<DcuPairingResult[]> {
  const unit = await db
    .selectFrom('dcu_units')
    .select('imei')
    .where('imei', '=', imei)
    .executeTakeFirst();
  if (!unit) throw imeiUnknown();
  let query = db
    .selectFrom('dcu_pairings as p')
    .innerJoin('machines as m', 'm.id', 'p.machine_id')
    .leftJoin('users as u', 'u.id', 'p.paired_by')
    .select(['p.id', 'p.imei', 'p.paired_at', 'm.serial_number', 'm.material_number'])
    .where('p.imei', '=', imei);
  if (user.kind !== 'internal') {
    if (!user.accountId) return [];
    query = query.where('u.account_id', '=', user.accountId);
  }
  const rows = await query.orderBy('p.paired_at', 'desc').orderBy('p.id', 'desc').execute();
  return rows.map((r) => ({
    pairingId: r.id,
    imeiNumber: r.imei,
    serialNumber: r.serial_number,
    modelNumber: r.material_number,
    pairedAt: new Date(r.paired_at).toISOString(),
  }));
}
