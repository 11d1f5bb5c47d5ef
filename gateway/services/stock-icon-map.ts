import type { Kysely } from 'kysely';
import { pathOf } from '../../contract/endpoint';
import { machineIcon } from '../../contract/endpoints/machines';
import type { Database } from '../db/schema';
import { MACHINE_ICON_FILES } from './machine-icons';

/**
 * product §3 Remote configuration "StockIconMap": model family -> icon file. Stored in
 * remote_config under this key so an operator can remap a family without a release.
 */
export const STOCK_ICON_MAP_KEY = 'stock-icon-map';
/** Families missing from the map get the generic machine. */
export const FALLBACK_ICON = 'machine.svg';

export const DEFAULT_STOCK_ICON_MAP: Readonly<Record<string, string>> = {
  Tractor: 'tractor.svg',
  'Compact Tractor': 'compact-tractor.svg',
  'Utility Vehicle': 'utility-vehicle.svg',
  Mower: 'mower.svg',
  Excavator: 'excavator.svg',
  'Track Loader': 'track-loader.svg',
  'Skid Steer': 'skid-steer.svg',
  'Wheel Loader': 'wheel-loader.svg',
};

/** Written once with the defaults (like the other remote-config rows), then left to the operator. */
export async function ensureStockIconMap(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('remote_config')
    .values({ key: STOCK_ICON_MAP_KEY, value: JSON.stringify(DEFAULT_STOCK_ICON_MAP) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Re-read at most this often: the map changes rarely and lookups must stay one query. */
const TTL_MS = 60_000;
const cache = new WeakMap<Kysely<Database>, { at: number; map: Record<string, string> }>();

export async function readStockIconMap(db: Kysely<Database>): Promise<Record<string, string>> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.map;
  const row = await db
    .selectFrom('remote_config')
    .select('value')
    .where('key', '=', STOCK_ICON_MAP_KEY)
    .executeTakeFirst();
  const map: Record<string, string> = { ...DEFAULT_STOCK_ICON_MAP };
  if (row && typeof row.value === 'object' && row.value !== null) {
    for (const [family, file] of Object.entries(row.value as Record<string, unknown>)) {
      // Only icons the gateway can draw: a typo in the table must not produce broken images.
      if (typeof file === 'string' && MACHINE_ICON_FILES.has(file)) map[family] = file;
    }
  }
  cache.set(db, { at: Date.now(), map });
  return map;
}

export function iconUrlOf(map: Record<string, string>, family: string): string {
  return pathOf(machineIcon, { file: map[family] ?? FALLBACK_ICON });
}
