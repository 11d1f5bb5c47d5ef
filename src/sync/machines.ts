import type { MachineDetail } from '../../contract/machines';
import {
  lookupMachine,
  machineRecords,
  searchCustomers,
  type MachineLookup,
} from '../api/machines';
import Dexie from 'dexie';
import { db, type TorqueDb } from '../db/db';
import type { MachineRow } from '../db/schema';
import { customerSearchString, type CustomerSearchQuery } from '../domain/machine-search';
import { outcomeOf, type RefreshOutcome } from './outcome';

/**
 * The machine area's refreshes (the read path of docs/architecture.md): fetch from the
 * gateway, write the rows the screens' live queries read. Offline, or when the gateway
 * fails, the stored rows stay and the caller learns why through the outcome.
 */

export const MACHINES_AREA = 'machines';

/** The stored form of a machine's details (also what "Prepare for the field" writes). */
export function machineRowOf(
  ownerUserId: string,
  detail: MachineDetail,
  syncedAt = Date.now(),
): MachineRow {
  return {
    ownerUserId,
    inventoryId: detail.inventoryId,
    serial: detail.serialNumber,
    model: detail.materialNumber,
    pin: detail.productIdentificationNo,
    dealerId: detail.servicingDealerId,
    detail,
    syncedAt,
  };
}

/** `${model}|${serial}`: the key of a machine's cases and reports. */
export function machineRecordsKey(model: string, serial: string): string {
  return `${model}|${serial}`;
}

/** The key of a stored machine list: the normalised query string. */
export function machineListKey(q: CustomerSearchQuery): string {
  return customerSearchString(q);
}

async function markSynced(ownerUserId: string, detail: string, at: number) {
  await db.syncState.put({ ownerUserId, area: MACHINES_AREA, syncedAt: at, detail });
}

/**
 * Fetches one machine's details and stores them. Returns the outcome and, when found, the
 * inventory id (the screen's fallback key when the route's serial is a shortened one).
 */
export async function refreshMachine(
  ownerUserId: string,
  key: MachineLookup,
  signal?: AbortSignal,
): Promise<RefreshOutcome & { inventoryId?: string }> {
  try {
    const detail = await lookupMachine(key, signal);
    const now = Date.now();
    await db.transaction('rw', db.machines, db.syncState, async () => {
      await db.machines.put(machineRowOf(ownerUserId, detail, now));
      await markSynced(ownerUserId, `Machine ${detail.materialNumber} ${detail.serialNumber}`, now);
    });
    return { status: 'ok', inventoryId: detail.inventoryId };
  } catch (error) {
    return outcomeOf(error);
  }
}

/**
 * Fetches a machine's cases and, for internal users, its reports (product §6), and stores them
 * together. A failed reports call keeps the reports last stored.
 */
export async function refreshMachineRecords(
  ownerUserId: string,
  key: { serial: string; model: string },
  withReports: boolean,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  const rowKey = machineRecordsKey(key.model, key.serial);
  try {
    const [cases, reports] = await Promise.all([
      machineRecords('cases', key, signal),
      withReports ? machineRecords('reports', key, signal) : Promise.resolve(null),
    ]);
    await db.machineRecords.put({
      ownerUserId,
      machineKey: rowKey,
      cases,
      reports,
      syncedAt: Date.now(),
    });
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Runs a customer search (product §5) and stores its results under the query's key. */
export async function refreshMachineList(
  ownerUserId: string,
  q: CustomerSearchQuery,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  try {
    const res = await searchCustomers(q, signal);
    const now = Date.now();
    await db.transaction('rw', db.machineLists, db.syncState, async () => {
      await db.machineLists.put({
        ownerUserId,
        query: machineListKey(q),
        machines: res.machines,
        truncated: res.truncated,
        syncedAt: now,
      });
      await markSynced(ownerUserId, `Machine list ${machineListKey(q)}`, now);
    });
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** A machine was viewed: Home's recent machines (deduplicated by serial, model and owner). */
export async function recordRecentMachine(ownerUserId: string, d: MachineDetail): Promise<void> {
  await db.recentMachines.put({
    ownerUserId,
    serial: d.serialNumber,
    model: d.materialNumber,
    owner: d.endCustomerName ?? '',
    isStolen: d.isStolenInventory,
    viewedAt: Date.now(),
  });
}

/**
 * The model family of a machine on the device: the machine's own, else another machine of its
 * model; null when the device holds none (suggestions then rank by the model alone).
 */
export async function modelFamilyOnDevice(
  ownerUserId: string,
  model: string,
  serial: string,
  database: TorqueDb = db,
): Promise<string | null> {
  const byModel = database.machines.where('[ownerUserId+model+serial]');
  const row =
    (await byModel.equals([ownerUserId, model, serial]).first()) ??
    (await byModel
      .between([ownerUserId, model, Dexie.minKey], [ownerUserId, model, Dexie.maxKey])
      .first());
  return row?.detail.modelFamily ?? null;
}
