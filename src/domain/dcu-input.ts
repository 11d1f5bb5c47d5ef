import {
  ENGINE_HOURS_MAX_LENGTH,
  IMEI_LENGTH,
  MASTER_KEY_SERIAL_REQUIRED_MESSAGE,
  engineHoursProblem,
  imeiSchema,
  masterKeySerialProblem,
  type DcuPairing,
  type DcuStatus,
} from '../../contract/dcu';
import { shortDate } from './dates';

/*
 * The typing rules of the DCU pairing and Keyless Master Password screens (product §5). The
 * rules themselves (lengths, messages) live in contract/dcu.ts, shared with the gateway;
 * this file only says how the screens apply them while the user types.
 */

/** product §4: the DCU card's Last Reported when the unit never reported. */
export const NO_REPORT_INFO = 'No available info.';

/** product §5: only digits are kept while typing, and an IMEI is at most 15 of them. */
export function keepImeiDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, IMEI_LENGTH);
}

/** 'IMEI must be 15 char long' for a started but incomplete IMEI; null when empty or valid. */
export function imeiProblem(imei: string): string | null {
  if (imei.length === 0) return null;
  const result = imeiSchema.safeParse(imei);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Check DCU Status is enabled only for exactly 15 digits. */
export function isImeiComplete(imei: string): boolean {
  return imeiSchema.safeParse(imei).success;
}

/** Engine hours are cut at 8 characters while typing (product §5, §9). */
export function limitEngineHours(raw: string): string {
  return raw.slice(0, ENGINE_HOURS_MAX_LENGTH);
}

/**
 * The message under the engine hours field: none while it is empty (Commit is simply
 * disabled then, as product §5 says), the contract's message when the value is not a number.
 */
export function engineHoursFieldProblem(hours: string): string | null {
  return hours.length === 0 ? null : engineHoursProblem(hours);
}

/** Commit is disabled when the hours are empty or invalid. */
export function canCommitEngineHours(hours: string): boolean {
  return engineHoursProblem(hours) === null;
}

/**
 * product §4: Last Reported as M/D/YYYY (no leading zeros), in the user's own time zone since
 * that is the calendar the technician reads; 'No available info.' when the unit never
 * reported or the date cannot be read.
 */
export function formatLastReported(iso: string | null | undefined): string {
  return (iso && shortDate(iso)) || NO_REPORT_INFO;
}

/**
 * The master key serial as Submit sees it: product §5 allows an empty field until submit, so
 * Submit on an empty field asks for it; otherwise the same rule the field shows.
 */
export function masterKeySubmitProblem(serial: string): string | null {
  if (serial.length === 0) return MASTER_KEY_SERIAL_REQUIRED_MESSAGE;
  return masterKeySerialProblem(serial);
}

export interface PairingMachine {
  serial: string;
  model: string;
  /** Known only when the path or the device's machine row gives it. */
  pin?: string;
}

/** product §3 DCU pairing payload, from the machine, the checked unit and the typed hours. */
export function buildDcuPairing(
  machine: PairingMachine,
  dcu: DcuStatus,
  usageHours: string,
): DcuPairing {
  return {
    serialNumber: machine.serial,
    modelNumber: machine.model,
    pin: machine.pin ?? '',
    dcuPartNumber: dcu.type,
    imeiNumber: dcu.imei,
    usageHours,
  };
}

/** The outbox entry's summary the PWA engineers agreed on (Offline & sync lists it). */
export function dcuPairingSummary(imei: string, model: string, serial: string): string {
  return `Pair DCU ${imei} with ${model} ${serial}`;
}

/**
 * The machine a pairing is for, from the path (sn-/mn- or pin-) and, when the device has it,
 * its stored row. A PIN alone gives the serial (its last 5 characters, product §5); the model
 * then has to come from the stored row. Null while something needed is unknown.
 */
export function pairingMachine(
  fromPath: { serial?: string; model?: string; pin?: string },
  stored?: { serial: string; model: string; pin: string } | null,
): PairingMachine | null {
  const pin = fromPath.pin ?? stored?.pin ?? undefined;
  const serial = fromPath.serial ?? stored?.serial ?? (pin ? pin.slice(-5) : undefined);
  const model = fromPath.model ?? stored?.model;
  if (!serial || !model) return null;
  return { serial, model, ...(pin ? { pin } : {}) };
}
