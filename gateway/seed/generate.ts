import type { NewAccount, NewContact } from '../db/schema';
import { FIXED_ACCOUNTS } from './fixed';
import { machineOwnerAccounts } from './machine-customers';
import {
  CUSTOMER_KINDS,
  DEALER_SUFFIXES,
  FIRST_NAMES,
  LAST_NAMES,
  PLACE_WORDS,
  STATES,
} from './places';
import { rng, type Rng } from './prng';

export type DemoSize = 'small' | 'large';

const SIZES: Record<DemoSize, { dealers: number; customersPerDealer: [number, number] }> = {
  small: { dealers: 40, customersPerDealer: [4, 10] },
  large: { dealers: 400, customersPerDealer: [50, 100] },
};

export interface DemoData {
  accounts: NewAccount[];
  contacts: NewContact[];
}

const accountId = (n: number) => `001${String(n).padStart(15, '0')}`;
const contactId = (n: number) => `003${String(n).padStart(15, '0')}`;

function phone(r: Rng, area: string): string {
  return `(${area}) 555-${String(r.int(100, 9999)).padStart(4, '0')}`;
}

function dealerName(r: Rng, town: string): string {
  const style = r.int(0, 2);
  const head = style === 0 ? town : style === 1 ? r.pick(LAST_NAMES) : r.pick(PLACE_WORDS);
  return `${head} ${r.pick(DEALER_SUFFIXES)}`;
}

function customerName(r: Rng): string {
  return r.next() < 0.4
    ? `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`
    : `${r.next() < 0.5 ? r.pick(LAST_NAMES) : r.pick(PLACE_WORDS)} ${r.pick(CUSTOMER_KINDS)}`;
}

/** Fisher-Yates, driven by the seeded PRNG. */
function shuffle<T>(r: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * The demo dealer network: deterministic (seeded PRNG, fixed seed), so two installs and two
 * test runs hold the same ids and names. Dealers cover every state and DC before any state
 * gets a second one; each has 2-4 dealer contacts and its own customers.
 */
export function generateDemoData(size: DemoSize): DemoData {
  const r = rng(20240917);
  const { dealers, customersPerDealer } = SIZES[size];
  const accounts: NewAccount[] = [...FIXED_ACCOUNTS];
  const contacts: NewContact[] = [];
  let nextAccount = 100;
  let nextContact = 100;
  const usedNames = new Set(FIXED_ACCOUNTS.map((a) => a.name));
  // DC first so the small set always includes it, then the states in a shuffled order.
  const order = [...STATES].sort((a, b) =>
    a.code === 'DC' ? -1 : b.code === 'DC' ? 1 : a.code.localeCompare(b.code),
  );
  const rotation = [order[0]!, ...shuffle(r, order.slice(1))];
  for (let d = 0; d < dealers; d++) {
    const state = rotation[d % rotation.length]!;
    const town = r.pick(state.towns);
    let name = dealerName(r, town);
    if (usedNames.has(name)) name = `${name} of ${town}`;
    if (usedNames.has(name)) name = `${name} #${d}`;
    usedNames.add(name);
    const dealerId = accountId(nextAccount++);
    accounts.push({
      id: dealerId,
      name,
      account_number: `D${30000 + d * 7}`,
      record_type: 'Dealer',
      city: town,
      state: state.code,
      phone: phone(r, state.area),
      parent_dealer_id: null,
    });
    for (let c = r.int(2, 4); c > 0; c--) {
      const first = r.pick(FIRST_NAMES);
      const last = r.pick(LAST_NAMES);
      const domain = name.toLowerCase().replace(/[^a-z]+/g, '');
      contacts.push({
        id: contactId(nextContact++),
        account_id: dealerId,
        first_name: first,
        last_name: last,
        email: `${first}.${last}@${domain}.example`.toLowerCase(),
        phone: phone(r, state.area),
        type: 'Dealer Contact',
      });
    }
    for (let c = r.int(...customersPerDealer); c > 0; c--) {
      const customerState = r.next() < 0.85 ? state : r.pick(STATES);
      accounts.push({
        id: accountId(nextAccount++),
        name: customerName(r),
        account_number: `C${String(nextAccount).padStart(7, '0')}`,
        record_type: 'Customer',
        city: r.pick(customerState.towns),
        state: customerState.code,
        phone: phone(r, customerState.area),
        parent_dealer_id: dealerId,
      });
    }
  }
  // The owners of the named dealers' machines (their own PRNG: the network above is unchanged).
  accounts.push(...machineOwnerAccounts(size));
  return { accounts, contacts };
}
