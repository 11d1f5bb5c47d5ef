import {
  AMBIENT_VALUES,
  CASE_RECORD_TYPE_ID,
  GROUND_COVER_VALUES,
  OPERATING_VALUES,
  REPORT_RECORD_TYPE_ID,
  TERRAIN_VALUES,
} from '../reference/case-layouts';
import { CASE_STATUSES } from '../../contract/cases';
import type { NewAccount, NewContact } from '../db/schema';
import { DEMO_USERS, NORTHFIELD_ID, RIVERBEND_ID } from './fixed';
import { storyOf, type CaseStory } from './case-stories';
import { CASE_SUBJECTS } from './machine-catalog';
import { inventoryIdOf, type CaseSeedRow, type MachineRows } from './machine-rows';
import { rng, type Rng } from './prng';
import type { DemoSize } from './generate';

/** The long case (200 feed items, 60 images): the case detail's benchmark and scroll test. */
export const LONG_CASE_ID = '500000000000000006';
export const LONG_CASE_NUMBER = '00001006';
export const LONG_CASE_ITEMS = 200;
export const LONG_CASE_IMAGES = 60;

const CASE_SEED = 20261123;
/** product: Origin '{product} App' (the demo's product name is the default). */
const ORIGIN = 'Torque App';
const [SAM, ADA, OLGA, DANA, ELI] = DEMO_USERS;

/** Cases per size: Northfield pages (>= 150) and the large set reaches 200,000 cases. */
const TARGETS: Record<DemoSize, { minPerDealer: number; northfield: number; total: number }> = {
  small: { minPerDealer: 3, northfield: 160, total: 0 },
  large: { minPerDealer: 3, northfield: 600, total: 200_000 },
};

const DAY_MS = 86_400_000;
const caseId = (n: number) => `5${String(n).padStart(17, '0')}`;

function pickMany<T>(r: Rng, items: readonly T[], keep: number): T[] {
  return items.filter(() => r.next() < keep);
}

/** A machine a case can stand on. */
interface CaseMachine {
  id: string;
  serial: string;
  model: string;
  pin: string;
  imei: string | null;
}

/**
 * Fills every field of the creation list on the machine generator's cases and reports, adds
 * cases until every dealer has some, Northfield pages and the large set holds 200,000, and
 * the long case. Statuses spread over the five of the demo (product §2 Status filter).
 */
export function completeCaseRows(
  rows: MachineRows,
  size: DemoSize,
  accounts: readonly NewAccount[],
  contacts: readonly NewContact[],
): void {
  const r = rng(CASE_SEED);
  const target = TARGETS[size];
  const machines = new Map<string, CaseMachine>();
  const machinesOf = new Map<string, CaseMachine[]>();
  for (const m of rows.machines) {
    const cm = {
      id: m.id,
      serial: m.serial_number,
      model: m.material_number,
      pin: m.pin,
      imei: m.imei,
    };
    machines.set(`${m.material_number}|${m.serial_number}`, cm);
    if (!m.servicing_dealer_id) continue;
    const list = machinesOf.get(m.servicing_dealer_id) ?? [];
    list.push(cm);
    machinesOf.set(m.servicing_dealer_id, list);
  }
  const contactsOf = new Map<string, string[]>();
  for (const c of [...DEMO_USERS.map((u) => u.contact), ...contacts]) {
    const list = contactsOf.get(c.account_id) ?? [];
    list.push(c.id);
    contactsOf.set(c.account_id, list);
  }
  const dealers = accounts.filter((a) => a.record_type === 'Dealer').map((a) => a.id);

  let next = Math.max(...rows.cases.map((c) => Number(c.case_number))) + 1;
  const counts = new Map<string, number>();
  for (const c of rows.cases) {
    if (c.record_type === 'Case' && c.account_id) {
      counts.set(c.account_id, (counts.get(c.account_id) ?? 0) + 1);
    }
  }
  const addCase = (dealerId: string, m: CaseMachine, id?: string, number?: string) => {
    const day = Date.parse('2026-11-01T00:00:00Z') - r.int(1, 700) * DAY_MS;
    const row: CaseSeedRow = {
      id: id ?? caseId(next),
      case_number: number ?? String(next++).padStart(8, '0'),
      record_type: 'Case',
      subject: r.pick(CASE_SUBJECTS),
      status: r.pick(CASE_STATUSES),
      account_id: dealerId,
      serial_number: m.serial,
      model_number: m.model,
      created_at: new Date(day + r.int(7 * 60, 18 * 60) * 60_000).toISOString(),
    };
    rows.cases.push(row);
    counts.set(dealerId, (counts.get(dealerId) ?? 0) + 1);
    return row;
  };
  for (const dealerId of dealers) {
    const own = machinesOf.get(dealerId) ?? [];
    if (own.length === 0) continue;
    const want = dealerId === NORTHFIELD_ID ? target.northfield : target.minPerDealer;
    while ((counts.get(dealerId) ?? 0) < want) addCase(dealerId, r.pick(own));
  }
  // The large set: more history over every dealer's machines, up to the target.
  const withMachines = dealers.filter((d) => (machinesOf.get(d) ?? []).length > 0);
  while (rows.cases.length < target.total - 1) {
    const dealerId = r.pick(withMachines);
    addCase(dealerId, r.pick(machinesOf.get(dealerId)!));
  }
  // The long case: Northfield's, on one of its own machines, always awaiting feedback.
  const northfieldMachines = (machinesOf.get(NORTHFIELD_ID) ?? []).filter(
    (m) => m.serial !== '52016',
  );
  const long = addCase(NORTHFIELD_ID, northfieldMachines[0]!, LONG_CASE_ID, LONG_CASE_NUMBER);
  long.subject = 'Intermittent loss of hydraulic pressure under load';
  long.status = 'Awaiting Feedback';
  long.created_at = '2026-09-14T08:05:00Z';

  for (const row of rows.cases) completeCase(r, row, machines, contactsOf);
}

function completeCase(
  r: Rng,
  row: CaseSeedRow,
  machines: Map<string, CaseMachine>,
  contactsOf: Map<string, string[]>,
): void {
  const m = machines.get(`${row.model_number}|${row.serial_number}`);
  // The failure fields tell the subject's story; the draws they once took are still taken so
  // every other demo field keeps the value the fixed seed gave it.
  const story = storyOf(row.subject);
  r.next();
  r.next();
  const operating = r.pick(OPERATING_VALUES);
  const terrains = Object.keys(TERRAIN_VALUES).filter((t) =>
    TERRAIN_VALUES[t]!.includes(operating),
  );
  const terrain = r.pick(terrains);
  const covers = Object.keys(GROUND_COVER_VALUES).filter((g) =>
    GROUND_COVER_VALUES[g]!.includes(terrain),
  );
  const isReport = row.record_type === 'Report';
  const account = row.account_id ?? '';
  let contact = r.pick(contactsOf.get(account) ?? [DANA!.contact.id]);
  let submitter: string | null = null;
  // The demo technicians raised a share of their own dealer's cases; sam and ada the reports.
  if (!isReport && account === NORTHFIELD_ID && r.next() < 0.4) contact = DANA!.contact.id;
  if (!isReport && account === RIVERBEND_ID && r.next() < 0.4) contact = ELI!.contact.id;
  if (contact === DANA!.contact.id) submitter = DANA!.id;
  if (contact === ELI!.contact.id) submitter = ELI!.id;
  if (isReport) submitter = r.next() < 0.7 ? SAM!.id : ADA!.id;
  const ownerRoll = r.next();
  const owner = ownerRoll < 0.1 ? SAM!.id : ownerRoll < 0.15 ? OLGA!.id : null;
  const created = Date.parse(row.created_at);
  const hours = r.int(50, 6000) + r.int(0, 9) / 10;
  Object.assign(row, {
    record_type_id: isReport ? REPORT_RECORD_TYPE_ID : CASE_RECORD_TYPE_ID,
    origin: ORIGIN,
    inventory_id:
      m?.id ??
      (row.model_number && row.serial_number
        ? inventoryIdOf(row.model_number, row.serial_number)
        : null),
    contact_id: contact,
    submitted_by: submitter,
    owner_id: owner,
    description: describe(story, r.pick(DESCRIPTIONS)),
    dtc_codes: r.next() < 0.5 ? pickMany(r, DTC_CODES, 0.3).join(', ') || r.pick(DTC_CODES) : null,
    pin: m?.pin ?? null,
    imei: m?.imei ?? null,
    failure_date: new Date(created - r.int(0, 10) * DAY_MS).toISOString().slice(0, 10),
    probable_cause: draw(r, story.probableCause),
    assembly: story.assembly,
    sub_assembly: draw(r, story.subAssembly),
    causal_part_number: story.partNumber,
    causal_part_name: story.partName,
    engine_hours: hours,
    engine_usage_reading: r.next() < 0.6 ? Math.round(hours * 0.8) : null,
    work_order: r.next() < 0.7 ? `WO-${r.int(10000, 99999)}` : null,
    implement_name: r.next() < 0.3 ? r.pick(IMPLEMENTS) : null,
    implement_sn: r.next() < 0.2 ? String(r.int(100000, 999999)) : null,
    symptom: story.symptom,
    defect: story.defect,
    remedy: r.next() < 0.6 ? draw(r, story.remedy) : null,
    troubleshooting: draw(r, story.troubleshooting),
    operating_conditions: operating,
    terrain,
    terrain_remarks: terrain.startsWith('Other') ? 'Terraced hillside, wet clay' : null,
    ground_cover: r.pick(covers),
    ground_cover_remarks: r.next() < 0.15 ? 'Crop residue packed around the axle' : null,
    ambient_conditions: r.pick(AMBIENT_VALUES),
    ambient_remarks: r.next() < 0.15 ? 'Around 95 F in the afternoon' : null,
    updated_at: new Date(created + r.int(0, 30) * DAY_MS + r.int(0, 600) * 60_000).toISOString(),
  });
}

const DESCRIPTIONS = [
  'Customer reports the problem comes back after the machine warms up.',
  'Operator first noticed it during spring tillage.',
  'Happens intermittently; the dealer reproduced it twice on the yard.',
  'No recent repairs before the failure.',
  'Machine is down and the customer is waiting for a fix.',
];
const DTC_CODES = ['E:11-04', 'E:9000', 'P0087', 'U0100', 'E:15-23', 'E:41-02', 'P2463'];
const IMPLEMENTS = ['LA1065 Front Loader', 'BH77 Backhoe', 'RC72 Rotary Cutter', 'Bale Spear'];

/** Takes the draw that once picked `value` from a list, so every later draw keeps its value. */
function draw<T>(r: Rng, value: T): T {
  r.next();
  return value;
}

/** The symptom, then the story's own context or a line that fits any fault. */
function describe(story: CaseStory, generic: string): string {
  return `${story.symptom}. ${story.context ?? generic}`;
}
