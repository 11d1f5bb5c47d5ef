import type { NewAccount } from '../db/schema';
import type { DemoSize } from './generate';
import { NORTHFIELD_ID, RIVERBEND_ID } from './fixed';
import { fixedMachineRows } from './fixed-machines';
import { FIXED_OWNER_IDS } from './machine-customers';
import { CASE_STATUSES } from '../../contract/cases';
import { MODELS, type ModelSpec } from '../reference/models';
import {
  CAMPAIGNS,
  CASE_SUBJECTS,
  COMPONENTS_BY_FAMILY,
  EXTRA_POLICIES,
  FAULT_CODES,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  STANDARD_POLICY,
  type PolicySpec,
} from './machine-catalog';
import {
  addDays,
  addMonths,
  inventoryIdOf,
  isoDay,
  pinOf,
  type MachineRows,
  type MachineSeedRow,
} from './machine-rows';
import { rng, type Rng } from './prng';
import { generateClaims, type ClaimSite } from './claims';

interface MachineSize {
  machines: number;
  /** Machines Northfield Equipment and Riverbend Tractor service (fixed ones included). */
  northfield: number;
  riverbend: number;
}

const SIZES: Record<DemoSize, MachineSize> = {
  small: {
    machines: 3000,
    northfield: 300,
    riverbend: 250,
  },
  large: {
    machines: 100_000,
    northfield: 5200,
    riverbend: 3000,
  },
};

/** Deliveries are spread over the nine years before this day (deterministic, not "now"). */
const REFERENCE_DAY = '2026-06-01';
const FILLER = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const MACHINE_SEED = 20261122;
const byCode = (code: string) => EXTRA_POLICIES.find((p) => p.code === code)!;
const POWERTRAIN = byCode('PT-60');
const PRE_OWNED = byCode('PO-12');
const OPTIONAL_COVERS = [byCode('EMS-60'), byCode('HYD-36')];

export function machineSizeOf(size: DemoSize): MachineSize {
  return SIZES[size];
}

function pickWeighted(r: Rng, models: readonly ModelSpec[], total: number): ModelSpec {
  let x = r.next() * total;
  for (const m of models) {
    x -= m.weight;
    if (x < 0) return m;
  }
  return models[models.length - 1]!;
}

function digits(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(r.int(0, 9));
  return s;
}

/** A 15-digit IMEI with a valid Luhn check digit; never 353 / 358 (the free DCU units). */
function imeiOf(r: Rng): string {
  const body = `3569${digits(r, 10)}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** How many machines each dealer services: the named two as configured, others by weight. */
function dealerPlan(r: Rng, size: MachineSize, dealers: string[], fixed: MachineSeedRow[]) {
  const fixedCount = (id: string) => fixed.filter((m) => m.servicing_dealer_id === id).length;
  const plan: [string, number][] = [
    [NORTHFIELD_ID, size.northfield - fixedCount(NORTHFIELD_ID)],
    [RIVERBEND_ID, size.riverbend - fixedCount(RIVERBEND_ID)],
  ];
  const others = dealers.filter((d) => d !== NORTHFIELD_ID && d !== RIVERBEND_ID);
  const rest =
    size.machines -
    size.northfield -
    size.riverbend -
    (fixed.length - fixedCount(NORTHFIELD_ID) - fixedCount(RIVERBEND_ID));
  const weights = others.map(() => r.int(50, 150));
  const total = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  others.forEach((d, i) => {
    const n = i === others.length - 1 ? rest - given : Math.floor((rest * weights[i]!) / total);
    given += n;
    plan.push([d, n]);
  });
  return plan;
}

function addPolicy(
  rows: MachineRows,
  id: string,
  machineId: string,
  spec: PolicySpec,
  start: string,
  months = spec.months,
) {
  rows.policies.push({
    id,
    machine_id: machineId,
    policy_name: spec.name,
    policy_type: spec.type,
    policy_code: spec.code,
    warranty_start_date: start,
    warranty_end_date: addMonths(start, months),
  });
  for (const u of spec.usages) {
    rows.usages.push({
      policy_id: id,
      usage_reading_type: u.usageReadingType,
      maximum_unit: u.maximumUnit,
      units_of_measure: u.unitsOfMeasure,
    });
  }
}

/**
 * The machine inventory of the demo: the fixed machines, then `size` machines over every
 * dealer, each with an owner, policies, maybe campaigns, claims, fault codes (telematics
 * units only), its major components, and cases and reports for many of them. Deterministic.
 */
export function generateMachineData(size: DemoSize, accounts: readonly NewAccount[]): MachineRows {
  const s = SIZES[size];
  const r = rng(MACHINE_SEED);
  const rows = fixedMachineRows();
  const fixedMachines = [...rows.machines];
  const dealers = accounts.filter((a) => a.record_type === 'Dealer').map((a) => a.id);
  const dealerIds = new Set(dealers);
  const customersOf = new Map<string, string[]>();
  for (const a of accounts) {
    if (a.record_type !== 'Customer' || !a.parent_dealer_id) continue;
    // The fixed owners keep exactly their fixed machines (tests count them).
    if (!dealerIds.has(a.parent_dealer_id) || FIXED_OWNER_IDS.has(a.id)) continue;
    const list = customersOf.get(a.parent_dealer_id) ?? [];
    list.push(a.id);
    customersOf.set(a.parent_dealer_id, list);
  }

  const fixedSerials = new Set(fixedMachines.map((m) => m.serial_number));
  const usedKeys = new Set(fixedMachines.map((m) => `${m.material_number}|${m.serial_number}`));
  const usedPins = new Set(fixedMachines.map((m) => m.pin));
  const usedImeis = new Set(fixedMachines.map((m) => m.imei).filter(Boolean));
  const totalWeight = MODELS.reduce((a, m) => a + m.weight, 0);
  const refMs = Date.parse(`${REFERENCE_DAY}T00:00:00Z`);
  let policyN = 1000;
  const nextPolicyId = () => `a0P${String(policyN++).padStart(15, '0')}`;
  const sites: ClaimSite[] = [];
  let caseN = 10_000;

  for (const [dealerId, count] of dealerPlan(r, s, dealers, fixedMachines)) {
    const customers = customersOf.get(dealerId) ?? [];
    for (let i = 0; i < count; i++) {
      const model = pickWeighted(r, MODELS, totalWeight);
      let serial: string;
      let pin: string;
      do {
        serial = String(r.int(10000, 99999));
        pin = pinOf(
          model.model,
          `${r.pick([...FILLER])}${r.pick([...FILLER])}${r.pick([...FILLER])}`,
          serial,
        );
      } while (
        fixedSerials.has(serial) ||
        usedKeys.has(`${model.model}|${serial}`) ||
        usedPins.has(pin)
      );
      usedKeys.add(`${model.model}|${serial}`);
      usedPins.add(pin);
      let imei: string | null = null;
      if (r.next() < 0.3) {
        do imei = imeiOf(r);
        while (usedImeis.has(imei));
        usedImeis.add(imei);
      }
      const id = inventoryIdOf(model.model, serial);
      const preOwned = r.next() < 0.12;
      rows.machines.push({
        id,
        serial_number: serial,
        material_number: model.model,
        pin,
        imei,
        servicing_dealer_id: dealerId,
        description: model.description,
        model_family: model.family,
        // A few units sit in the dealer's stock without an owner yet.
        customer_id: customers.length > 0 && r.next() < 0.97 ? r.pick(customers) : null,
        is_stolen: r.next() < 0.005,
        is_pre_owned: preOwned,
        is_auction: r.next() < 0.03,
        is_scrapped: r.next() < 0.01,
        is_donated: r.next() < 0.005,
        is_modified: r.next() < 0.04,
        has_ktac: r.next() < 0.35,
      });

      const delivered = isoDay(refMs - r.int(30, 9 * 365) * 86_400_000);
      const ageDays = (refMs - Date.parse(`${delivered}T00:00:00Z`)) / 86_400_000;
      const hours = Math.round(ageDays * (0.5 + r.next() * 1.2) * 10) / 10;

      addPolicy(rows, nextPolicyId(), id, STANDARD_POLICY, delivered, r.next() < 0.5 ? 24 : 36);
      if (r.next() < 0.4) addPolicy(rows, nextPolicyId(), id, POWERTRAIN, delivered);
      if (r.next() < 0.2) addPolicy(rows, nextPolicyId(), id, r.pick(OPTIONAL_COVERS), delivered);
      if (preOwned) {
        const resold = addDays(
          delivered,
          Math.min(r.int(200, 1500), Math.max(1, Math.floor(ageDays) - 1)),
        );
        addPolicy(rows, nextPolicyId(), id, PRE_OWNED, resold);
      }

      const campaignCount = r.next() < 0.35 ? (r.next() < 0.3 ? 2 : 1) : 0;
      const campaigns = new Set<number>();
      while (campaigns.size < campaignCount) campaigns.add(r.int(0, CAMPAIGNS.length - 1));
      for (const c of campaigns) {
        const spec = CAMPAIGNS[c]!;
        rows.campaigns.push({
          machine_id: id,
          campaign_name: spec.name,
          campaign_type: spec.type,
          campaign_end_date: spec.endDate,
          is_mandatory: spec.mandatory,
        });
      }

      // The claims are drawn afterwards (claims.ts, its own PRNG); these draws stay so the
      // rest of the demo (fault codes, components, cases) is what it has always been.
      const formerClaims = r.next() < 0.3 ? (r.next() < 0.3 ? 2 : 1) : 0;
      for (let c = 0; c < formerClaims * 3; c++) r.next();
      sites.push({
        machineId: id,
        model: model.model,
        family: model.family,
        dealerId,
        delivered,
        ageDays,
        hours,
        campaign: campaigns.size > 0 ? CAMPAIGNS[[...campaigns][0]!]!.name : null,
      });

      if (imei) {
        for (let f = r.int(0, 4); f > 0; f--) {
          const spec = r.pick(FAULT_CODES);
          rows.faultCodes.push({
            machine_id: id,
            hr_reading: Math.max(0, Math.round((hours - r.next() * 200) * 10) / 10),
            spn: spec.spn,
            fmi: spec.fmi,
            sa: spec.sa,
            ep_code: spec.epCode,
            description: spec.description,
            severity: spec.severity,
          });
        }
      }

      for (const c of COMPONENTS_BY_FAMILY[model.family]) {
        rows.components.push({
          machine_id: id,
          component_type: c.componentType,
          description: c.description,
          part_number: c.partNumber,
          serial_number: `${c.serialPrefix}${digits(r, 6)}`,
          installed_on: delivered,
        });
      }

      // Cases belong to the dealer that opened them: usually the servicing dealer.
      const caseCount = r.next() < 0.25 ? r.int(1, 2) : 0;
      for (let c = 0; c < caseCount; c++) {
        const owner = r.next() < 0.85 ? dealerId : r.pick(dealers);
        rows.cases.push({
          id: `5${String(caseN).padStart(17, '0')}`,
          case_number: String(caseN++).padStart(8, '0'),
          record_type: 'Case',
          subject: r.pick(CASE_SUBJECTS),
          status: r.pick(CASE_STATUSES),
          account_id: owner,
          serial_number: serial,
          model_number: model.model,
          created_at: `${addDays(delivered, r.int(1, Math.max(1, Math.floor(ageDays))))}T${String(r.int(7, 18)).padStart(2, '0')}:15:00Z`,
        });
      }
      if (r.next() < 0.08) {
        rows.cases.push({
          id: `5${String(caseN).padStart(17, '0')}`,
          case_number: String(caseN++).padStart(8, '0'),
          record_type: 'Report',
          subject: r.pick(REPORT_SUBJECTS),
          status: r.pick(REPORT_STATUSES),
          account_id: dealerId,
          serial_number: serial,
          model_number: model.model,
          created_at: `${addDays(delivered, r.int(1, Math.max(1, Math.floor(ageDays))))}T10:00:00Z`,
        });
      }
    }
  }
  // A loop, not a spread: half a million arguments would overflow the stack.
  for (const claim of generateClaims(size, sites, rows.claims.length)) rows.claims.push(claim);
  return rows;
}
