import type { Insertable } from 'kysely';
import type {
  CasesTable,
  ClaimPartJson,
  MachineCampaignsTable,
  MachineClaimsTable,
  MachineComponentsTable,
  MachineFaultCodesTable,
  MachinePoliciesTable,
  MachinePolicyUsagesTable,
  MachinesTable,
} from '../db/schema';

/** Every column given, so the rows can go through json_populate_recordset as they are. */
export type MachineSeedRow = Required<Insertable<MachinesTable>>;

/** A case or report; created_at as an ISO string (json_populate_recordset casts it). */
export type CaseSeedRow = Omit<Insertable<CasesTable>, 'created_at'> & { created_at: string };

/** The rows of the machine inventory, table by table, in the order they are inserted. */
export interface MachineRows {
  machines: MachineSeedRow[];
  campaigns: Omit<Insertable<MachineCampaignsTable>, 'id'>[];
  policies: Insertable<MachinePoliciesTable>[];
  usages: Omit<Insertable<MachinePolicyUsagesTable>, 'id'>[];
  /** parts as the array itself: the rows go to the database as one JSON document. */
  claims: (Omit<Insertable<MachineClaimsTable>, 'id' | 'parts'> & { parts: ClaimPartJson[] })[];
  faultCodes: Omit<Insertable<MachineFaultCodesTable>, 'id'>[];
  components: Omit<Insertable<MachineComponentsTable>, 'id'>[];
  cases: CaseSeedRow[];
}

export function emptyMachineRows(): MachineRows {
  return {
    machines: [],
    campaigns: [],
    policies: [],
    usages: [],
    claims: [],
    faultCodes: [],
    components: [],
    cases: [],
  };
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a UTC day. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

export function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  // A warranty of N months ends the day before the same date N months later.
  return isoDay(d.getTime() - DAY_MS);
}

/** 'KBC' + the model's letters and digits + filler up to 12 characters + the 5-char serial. */
export function pinOf(model: string, filler: string, serial: string): string {
  const compact = model
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .slice(0, 6);
  const head = `KBC${compact}${filler}`.slice(0, 11).padEnd(11, 'X');
  return `${head}0${serial}`;
}

export function inventoryIdOf(model: string, serial: string): string {
  return `INV-${model.replace(/[^A-Z0-9]/gi, '').toUpperCase()}-${serial}`;
}
