import { z } from 'zod/mini';
import { safeParse, type $ZodType } from 'zod/v4/core';
import {
  dtcCodeSchema,
  partsCatalogueResponseSchema,
  type DtcCode,
  type PartsCatalogueResponse,
} from '../../contract/case-create';
import {
  picklistSchema,
  type LayoutResponse,
  type Picklist,
  type RecordKind,
} from '../../contract/cases';
import { getLayout } from '../api/cases';
import { getDtcCodes, getPartsCatalogue, getPicklists, getRecordTypes } from '../api/wizard';
import { db, type TorqueDb } from '../db/db';

/*
 * What the create case wizard reads from the gateway, kept on the device as it is fetched so
 * the wizard works without signal for a machine seen online (product §4 Offline-first): the
 * record type's layout and picklists, the model's DTC values and its parts catalogue. Online
 * the gateway's answer wins; when it cannot be had (offline, the catalogue's 10 s limit) the
 * kept answer is used, and with none the caller's fallback applies (free-text parts fields).
 */

const picklistsKey = (recordTypeId: string) => `picklists|${recordTypeId}`;
const dtcKey = (model: string) => `dtc|${model}`;
const partsKey = (model: string) => `parts|${model}`;

const picklistMapSchema = z.record(z.string(), picklistSchema);
const dtcListSchema = z.array(dtcCodeSchema);

async function keptValue<T>(
  database: TorqueDb,
  ownerUserId: string,
  key: string,
  schema: $ZodType<T>,
): Promise<{ value: T; syncedAt: number } | null> {
  const row = await database.wizardLookups.get([ownerUserId, key]);
  const parsed = row ? safeParse(schema, row.value) : null;
  return row && parsed?.success ? { value: parsed.data, syncedAt: row.syncedAt } : null;
}

/** The gateway's answer, kept; or, when it cannot be had, the one kept last time. */
async function fetchedOrKept<T>(
  ownerUserId: string,
  key: string,
  schema: $ZodType<T>,
  fetch: () => Promise<T>,
  signal: AbortSignal | undefined,
  database: TorqueDb,
): Promise<T> {
  try {
    const value = await fetch();
    await database.wizardLookups.put({ ownerUserId, key, value, syncedAt: Date.now() });
    return value;
  } catch (error) {
    if (signal?.aborted) throw error;
    const kept = await keptValue(database, ownerUserId, key, schema);
    if (kept) return kept.value;
    throw error;
  }
}

export function dtcCodesFor(
  ownerUserId: string,
  model: string,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<DtcCode[]> {
  return fetchedOrKept(
    ownerUserId,
    dtcKey(model),
    dtcListSchema,
    () => getDtcCodes(model, signal),
    signal,
    database,
  );
}

export function partsCatalogueFor(
  ownerUserId: string,
  model: string,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<PartsCatalogueResponse> {
  return fetchedOrKept(
    ownerUserId,
    partsKey(model),
    partsCatalogueResponseSchema,
    () => getPartsCatalogue(model, signal),
    signal,
    database,
  );
}

export interface CaseDefinition {
  layout: LayoutResponse;
  picklists: Record<string, Picklist>;
}

/** The layout and picklists of the record type of `kind`; null when neither net nor device has them. */
export async function caseDefinitionFor(
  ownerUserId: string,
  kind: RecordKind,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<CaseDefinition | null> {
  try {
    const type = (await getRecordTypes(signal)).find((t) => t.kind === kind);
    if (!type) throw new Error(`No ${kind} record type`);
    const [layout, picklists] = await Promise.all([
      getLayout(type.id, signal),
      getPicklists(type.id, signal),
    ]);
    const now = Date.now();
    await database.transaction('rw', database.caseLayouts, database.wizardLookups, async () => {
      await database.caseLayouts.put({ ownerUserId, recordTypeId: type.id, layout, syncedAt: now });
      await database.wizardLookups.put({
        ownerUserId,
        key: picklistsKey(type.id),
        value: picklists.picklists,
        syncedAt: now,
      });
    });
    return { layout, picklists: picklists.picklists };
  } catch (error) {
    if (signal?.aborted) throw error;
    const layouts = await database.caseLayouts.where({ ownerUserId }).toArray();
    const kept = layouts.find((r) => r.layout.recordType.kind === kind);
    if (!kept) return null;
    const picklists = await keptValue(
      database,
      ownerUserId,
      picklistsKey(kept.recordTypeId),
      picklistMapSchema,
    );
    return { layout: kept.layout, picklists: picklists?.value ?? {} };
  }
}

/** Kept lookups younger than this are not fetched again when a machine page opens. */
export const WIZARD_LOOKUPS_FRESH_MS = 24 * 60 * 60 * 1000;

/**
 * A machine page opened online keeps what a wizard for it would need, so the technician can
 * file the case after walking out of signal. Fresh kept answers are not asked for again;
 * failures are let go (the wizard asks again and falls back itself).
 */
export async function keepWizardLookups(
  ownerUserId: string,
  model: string,
  kinds: readonly RecordKind[],
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<void> {
  const stale = async (key: string, schema: $ZodType) =>
    ((await keptValue(database, ownerUserId, key, schema))?.syncedAt ?? 0) <
    Date.now() - WIZARD_LOOKUPS_FRESH_MS;
  // Started only once every check is done: a fetch that failed while a later check was still
  // awaited would be a rejection nobody handles yet.
  const work: (() => Promise<unknown>)[] = [];
  if (await stale(dtcKey(model), dtcListSchema)) {
    work.push(() => dtcCodesFor(ownerUserId, model, signal, database));
  }
  if (await stale(partsKey(model), partsCatalogueResponseSchema)) {
    work.push(() => partsCatalogueFor(ownerUserId, model, signal, database));
  }
  const layouts = await database.caseLayouts.where({ ownerUserId }).toArray();
  for (const kind of kinds) {
    const kept = layouts.find((r) => r.layout.recordType.kind === kind);
    // A layout kept by the case page comes without picklists: those are fetched too.
    if (
      !kept ||
      kept.syncedAt < Date.now() - WIZARD_LOOKUPS_FRESH_MS ||
      (await stale(picklistsKey(kept.recordTypeId), picklistMapSchema))
    ) {
      work.push(() => caseDefinitionFor(ownerUserId, kind, signal, database));
    }
  }
  await Promise.allSettled(work.map((start) => start()));
}
