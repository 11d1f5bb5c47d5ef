import type { NewAccount } from '../db/schema';
import { NORTHFIELD_ID, RIVERBEND_ID } from './fixed';
import { CUSTOMER_KINDS, FIRST_NAMES, LAST_NAMES, PLACE_WORDS, STATES } from './places';
import { rng, type Rng } from './prng';

/**
 * The owners of the machines the two named dealers service. The dealer-network generator
 * gives the fixed dealers no customers; these complete it (generateDemoData appends them), so
 * a customer search for Northfield, MN finds machines. Own PRNG: the network stays as it was.
 */
export const WALTER_HANSON_ID = '001000000000000010';
export const PLATTE_VALLEY_ID = '001000000000000011';
export const KEARNEY_EXCAVATING_ID = '001000000000000012';

const FIXED_OWNERS: NewAccount[] = [
  {
    id: WALTER_HANSON_ID,
    name: 'Walter Hanson',
    account_number: 'C0000010',
    record_type: 'Customer',
    city: 'Northfield',
    state: 'MN',
    phone: '(507) 555-0190',
    parent_dealer_id: NORTHFIELD_ID,
  },
  {
    id: PLATTE_VALLEY_ID,
    name: 'Platte Valley Farms',
    account_number: 'C0000011',
    record_type: 'Customer',
    city: 'Hastings',
    state: 'NE',
    phone: '(402) 555-0191',
    parent_dealer_id: RIVERBEND_ID,
  },
  {
    id: KEARNEY_EXCAVATING_ID,
    name: 'Kearney Excavating',
    account_number: 'C0000012',
    record_type: 'Customer',
    city: 'York',
    state: 'NE',
    phone: '(402) 555-0192',
    parent_dealer_id: RIVERBEND_ID,
  },
];

/** The demo-data size (generate.ts's DemoSize; not imported: generate.ts imports this file). */
type Size = 'small' | 'large';

export const FIXED_OWNER_IDS: ReadonlySet<string> = new Set(FIXED_OWNERS.map((a) => a.id));

const COUNTS: Record<Size, { northfield: number; riverbend: number }> = {
  small: { northfield: 40, riverbend: 30 },
  large: { northfield: 500, riverbend: 300 },
};

function customerName(r: Rng): string {
  return r.next() < 0.45
    ? `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`
    : `${r.next() < 0.5 ? r.pick(LAST_NAMES) : r.pick(PLACE_WORDS)} ${r.pick(CUSTOMER_KINDS)}`;
}

/** Mostly in the dealer's own town, the rest elsewhere in its state. */
function customersOf(
  r: Rng,
  dealerId: string,
  count: number,
  stateCode: string,
  homeTown: string,
  firstId: number,
): NewAccount[] {
  const state = STATES.find((s) => s.code === stateCode)!;
  const out: NewAccount[] = [];
  for (let i = 0; i < count; i++) {
    const n = firstId + i;
    out.push({
      id: `0019${String(n).padStart(14, '0')}`,
      name: customerName(r),
      account_number: `C9${String(n).padStart(6, '0')}`,
      record_type: 'Customer',
      city: r.next() < 0.7 ? homeTown : r.pick(state.towns),
      state: state.code,
      phone: `(${state.area}) 555-${String(r.int(100, 9999)).padStart(4, '0')}`,
      parent_dealer_id: dealerId,
    });
  }
  return out;
}

export function machineOwnerAccounts(size: Size): NewAccount[] {
  const r = rng(20261123);
  const n = COUNTS[size];
  return [
    ...FIXED_OWNERS,
    ...customersOf(r, NORTHFIELD_ID, n.northfield, 'MN', 'Northfield', 1),
    ...customersOf(r, RIVERBEND_ID, n.riverbend, 'NE', 'Hastings', 100_001),
  ];
}
