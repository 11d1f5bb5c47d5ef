import type { Insertable, Kysely } from 'kysely';
import type { DcuPairingsTable, DcuUnitsTable, Database } from '../db/schema';

/** The demo units every engineer's tests rely on (the README lists them). */
export const PAIRED_DEMO_IMEI = '356938035643809';
export const FREE_DEMO_IMEIS = Array.from(
  { length: 9 },
  (_, i) => `35800000000000${i + 1}`,
) as readonly string[];
export const NEVER_REPORTED_IMEI = '353456789012345';
export const DEMO_DCU_PART_NUMBER = 'DCU-4G-200';

const FIXED_UNITS: Insertable<DcuUnitsTable>[] = [
  {
    imei: PAIRED_DEMO_IMEI,
    part_number: DEMO_DCU_PART_NUMBER,
    last_report_at: '2026-11-01T14:30:00Z',
  },
  ...FREE_DEMO_IMEIS.map((imei) => ({
    imei,
    part_number: DEMO_DCU_PART_NUMBER,
    last_report_at: '2026-11-15T08:00:00Z',
  })),
  { imei: NEVER_REPORTED_IMEI, part_number: 'DCU-3G-100', last_report_at: null },
];

const BATCH = 1000;
const DAY_MS = 86_400_000;
/** Generated units last reported within 60 days before this (fixed: the data is deterministic). */
const REPORT_BASE = Date.parse('2026-11-15T08:00:00Z');
/** Seeded pairings predate Torque: a fixed date, no user. */
const LEGACY_PAIRED_AT = '2025-03-01T12:00:00Z';

/** A stable pseudo-random day offset from the IMEI's digits (no PRNG state to keep in step). */
function daysBefore(imei: string): number {
  let h = 0;
  for (const c of imei) h = (h * 31 + c.charCodeAt(0)) % 9973;
  return h % 60;
}

/**
 * Inserts the DCU units: the fixed ones, then one per machine that has an IMEI (so every
 * paired machine's unit exists), and one history row per seeded pairing. Runs after the
 * machines are seeded, inside the seeding transaction.
 */
export async function seedDcuUnits(db: Kysely<Database>): Promise<{ units: number }> {
  const machines = await db
    .selectFrom('machines')
    .select(['id', 'imei', 'pin'])
    .where('imei', 'is not', null)
    .orderBy('id')
    .execute();
  const fixed = new Set(FIXED_UNITS.map((u) => u.imei));
  const units: Insertable<DcuUnitsTable>[] = [...FIXED_UNITS];
  const seen = new Set(fixed);
  for (const m of machines) {
    const imei = m.imei!;
    // Only a well-formed IMEI can be a unit (the table checks it); one unit per IMEI.
    if (seen.has(imei) || !/^\d{15}$/.test(imei)) continue;
    seen.add(imei);
    units.push({
      imei,
      part_number: DEMO_DCU_PART_NUMBER,
      last_report_at: new Date(REPORT_BASE - daysBefore(imei) * DAY_MS).toISOString(),
    });
  }
  for (let i = 0; i < units.length; i += BATCH) {
    await db
      .insertInto('dcu_units')
      .values(units.slice(i, i + BATCH))
      .execute();
  }
  const pairings: Insertable<DcuPairingsTable>[] = machines
    .filter((m) => seen.has(m.imei!))
    .map((m) => ({
      id: `seed-${m.id}`,
      imei: m.imei!,
      machine_id: m.id,
      paired_by: null,
      paired_at: LEGACY_PAIRED_AT,
      dcu_part_number: DEMO_DCU_PART_NUMBER,
      usage_hours: null,
      pin: m.pin,
    }));
  for (let i = 0; i < pairings.length; i += BATCH) {
    await db
      .insertInto('dcu_pairings')
      .values(pairings.slice(i, i + BATCH))
      .execute();
  }
  return { units: units.length };
}
