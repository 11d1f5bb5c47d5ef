import { FIELD_PACK_PAGE_MAX, type FieldPackResponse } from '../../contract/machines';
import { getFieldPackPage, warmMachineIcons, type FieldPackPageQuery } from '../api/field-pack';
import { db, type TorqueDb } from '../db/db';
import type { MachineRow } from '../db/schema';
import { countOf, MACHINE } from '../domain/plural';

/*
 * "Prepare for the field": a dealer's machines with their details into db.machines, so the
 * machine detail screen opens them offline without ever having shown them. Pages come from
 * the gateway while the previous page is written (network and IndexedDB overlap); Cancel
 * stops between pages and keeps what was written.
 */

export const FIELD_PACK_AREA = 'field-pack';
/** IndexedDB writes go best in chunks of about 1,000 rows. */
const CHUNK = 1_000;
/** The first page is small so the progress bar moves at once; the rest are full pages. */
const FIRST_PAGE = 100;

export interface FieldPackProgress {
  done: number;
  total: number;
  dealerName: string;
}

export interface PrepareOptions {
  ownerUserId: string;
  /** For internal users; external users download their own dealer's machines. */
  dealerId?: string;
  signal?: AbortSignal;
  onProgress?: (progress: FieldPackProgress) => void;
  pageSize?: number;
  fetchPage?: (query: FieldPackPageQuery, signal?: AbortSignal) => Promise<FieldPackResponse>;
  /** Fetches the icons once so the service worker caches them (a handful: one per family). */
  warmIcons?: (urls: Iterable<string>) => Promise<void>;
  database?: TorqueDb;
}

export interface PrepareResult {
  machines: number;
  /** The models of the machines written, so their manuals can follow (sync/machine-documents). */
  models: string[];
  dealerId: string;
  dealerName: string;
}

export function fieldPackDetail(count: number, dealerName: string): string {
  return `${countOf(count, MACHINE)} of ${dealerName}`;
}

function toRows(page: FieldPackResponse, ownerUserId: string, syncedAt: number): MachineRow[] {
  return page.machines.map((detail) => ({
    ownerUserId,
    inventoryId: detail.inventoryId,
    serial: detail.serialNumber,
    model: detail.materialNumber,
    pin: detail.productIdentificationNo,
    dealerId: detail.servicingDealerId ?? page.dealerId,
    detail,
    syncedAt,
  }));
}

function abortError(): DOMException {
  return new DOMException('Prepare for the field was cancelled', 'AbortError');
}

/** Downloads every page; resolves when all are written, rejects with AbortError on Cancel. */
export async function prepareForField(options: PrepareOptions): Promise<PrepareResult> {
  const {
    ownerUserId,
    signal,
    onProgress,
    pageSize = FIELD_PACK_PAGE_MAX,
    fetchPage = getFieldPackPage,
    warmIcons = warmMachineIcons,
    database = db,
  } = options;
  const fetchNext = (after?: string) =>
    fetchPage(
      {
        dealerId: options.dealerId,
        after,
        limit: after ? pageSize : Math.min(FIRST_PAGE, pageSize),
      },
      signal,
    );

  let page = await fetchNext();
  let written = 0;
  const icons = new Set<string>();
  const models = new Set<string>();
  for (;;) {
    if (signal?.aborted) throw abortError();
    // Ask for the next page before writing this one: the two overlap.
    const next = page.next ? fetchNext(page.next) : null;
    next?.catch(() => undefined); // awaited below; this only avoids an unhandled rejection
    const rows = toRows(page, ownerUserId, Date.now());
    for (let i = 0; i < rows.length; i += CHUNK) {
      await database.machines.bulkPut(rows.slice(i, i + CHUNK));
    }
    written += rows.length;
    for (const m of page.machines) {
      icons.add(m.iconUrl);
      models.add(m.materialNumber);
    }
    onProgress?.({
      done: written,
      total: Math.max(page.total, written),
      dealerName: page.dealerName,
    });
    if (!next) break;
    page = await next;
  }

  await warmIcons(icons).catch(() => undefined);
  await database.syncState.put({
    ownerUserId,
    area: FIELD_PACK_AREA,
    syncedAt: Date.now(),
    detail: fieldPackDetail(written, page.dealerName),
  });
  return {
    machines: written,
    models: [...models],
    dealerId: page.dealerId,
    dealerName: page.dealerName,
  };
}
