/**
 * The demo's warranty claims, with the parts each repair used and its labour: drawn over the
 * generated machines (never the fixed ones, whose claims tests count) by model (M7-172 files
 * many, a few models hardly any), each from a fault of the machine's family, its symptom typed
 * as technicians type (claim-symptoms.ts). Deterministic: its own seeded PRNG.
 */
import type { ClaimEvidence } from '../../contract/predictions';
import type { DemoSize } from './generate';
import type { ModelFamily } from '../reference/models';
import type { CLAIM_TYPES } from './machine-catalog';
import type { MachineRows } from './machine-rows';
import { addDays } from './machine-rows';
import type { Complaint } from './claim-complaints';
import type { FaultSpec, PartRef } from './claim-faults';
import { faultsOf } from './claim-faults-families';
import { writeSymptom } from './claim-symptoms';
import { rng, type Rng } from './prng';

/** A generated machine claims can be filed against. */
export interface ClaimSite {
  machineId: string;
  model: string;
  family: ModelFamily;
  dealerId: string;
  delivered: string;
  ageDays: number;
  hours: number;
  campaign: string | null;
}

const CLAIMS_SEED = 20261126;
/** Claims in all, the fixed machines' included: the large set is the engine's benchmark. */
const TOTAL: Record<DemoSize, number> = { small: 6000, large: 500_000 };
/** How much more (or less) often a model's machines file claims than the fleet's average. */
const MODEL_RATE: Record<string, number> = {
  'M7-172': 6,
  F3990: 0.05,
  R530: 0.1,
  SSV65: 0.3,
  'KX080-4': 0.4,
};
const VAGUE_SHARE = 0.1;
const TWO_COMPLAINTS_SHARE = 0.12;
const NO_LABOUR_SHARE = 0.04;

type ClaimRow = MachineRows['claims'][number];

function gaussian(r: Rng): number {
  const u = Math.max(r.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.next());
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

interface ModelFaults {
  faults: FaultSpec[];
  cumulative: number[];
}

/** Each model has its own mix of its family's faults (its design's weak points). */
function modelFaults(model: string, family: ModelFamily): ModelFaults {
  const r = rng(hashOf(model));
  const faults = faultsOf(family);
  const cumulative: number[] = [];
  let sum = 0;
  for (const f of faults) {
    sum += f.weight * Math.exp(0.6 * gaussian(r));
    cumulative.push(sum);
  }
  return { faults, cumulative };
}

function pickCumulative(r: Rng, cumulative: readonly number[]): number {
  const x = r.next() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function repairParts(r: Rng, f: FaultSpec) {
  const parts = new Map<string, { part: PartRef; quantity: number }>();
  parts.set(f.part.partNumber, { part: f.part, quantity: r.next() < 0.06 ? 2 : 1 });
  for (const e of f.also) {
    if (r.next() >= e.share || parts.has(e.part.partNumber)) continue;
    parts.set(e.part.partNumber, { part: e.part, quantity: r.int(e.quantity[0], e.quantity[1]) });
  }
  return [...parts.values()].map(({ part, quantity }) => ({
    partNumber: part.partNumber,
    description: part.description,
    quantity,
  }));
}

function labourOf(r: Rng, f: FaultSpec): number | null {
  if (r.next() < NO_LABOUR_SHARE) return null;
  // Log-normal around the fault's median, in half hours.
  return Math.max(0.5, Math.round(f.labour * Math.exp(0.35 * gaussian(r)) * 2) / 2);
}

function complaintsOf(r: Rng, f: FaultSpec, family: FaultSpec[]) {
  const [usual, ...others] = f.complaints;
  const complaint: Complaint = others.length > 0 && r.next() < 0.3 ? r.pick(others) : usual!;
  let second: Complaint | null = null;
  if (r.next() < TWO_COMPLAINTS_SHARE) {
    const pool = r.next() < 0.5 && others.length > 0 ? f.complaints : r.pick(family).complaints;
    second = r.pick(pool);
    if (second === complaint) second = null;
  }
  return { complaint, second };
}

/** The claims over the generated machines, numbered on from `firstNumber`. */
export function generateClaims(
  size: DemoSize,
  sites: readonly ClaimSite[],
  fixedClaims: number,
  firstNumber = 1_000_000,
): ClaimRow[] {
  const r = rng(CLAIMS_SEED);
  const cumulative: number[] = [];
  let sum = 0;
  for (const s of sites) {
    sum += MODEL_RATE[s.model] ?? 1;
    cumulative.push(sum);
  }
  const byModel = new Map<string, ModelFaults>();
  const claims: ClaimRow[] = [];
  const total = TOTAL[size] - fixedClaims;
  for (let n = 0; n < total && sites.length > 0; n++) {
    const site = sites[pickCumulative(r, cumulative)]!;
    let mix = byModel.get(site.model);
    if (!mix) byModel.set(site.model, (mix = modelFaults(site.model, site.family)));
    const f = mix.faults[pickCumulative(r, mix.cumulative)]!;
    const onDay = r.int(1, Math.max(1, Math.floor(site.ageDays)));
    const hours = Math.round((site.hours * onDay * 10) / Math.max(1, site.ageDays)) / 10;
    const vague = r.next() < VAGUE_SHARE;
    const symptom = writeSymptom(r, { ...complaintsOf(r, f, mix.faults), vague, hours });
    const x = r.next();
    const type: (typeof CLAIM_TYPES)[number] =
      site.campaign && x < 0.1 ? 'Campaign' : x < 0.65 ? 'Machine' : x < 0.9 ? 'Parts' : 'Goodwill';
    claims.push({
      machine_id: site.machineId,
      claim_number: `CLM-${String(firstNumber + n)}`,
      claim_type: type,
      dealer_id: site.dealerId,
      date_of_repair: addDays(site.delivered, onDay),
      symptom_description: symptom,
      defect_description: f.defect,
      causal_part_description: f.part.description,
      causal_part_number: f.part.partNumber,
      machine_usage_reading: hours,
      service_campaign: type === 'Campaign' ? site.campaign : null,
      parts: repairParts(r, f),
      labour_hours: labourOf(r, f),
    });
  }
  return claims;
}

/** A claim row as the prediction engine reads it. */
export function claimEvidence(
  row: ClaimRow,
  machine: { model: string; family: string | null; serial: string },
): ClaimEvidence {
  return {
    date: String(row.date_of_repair),
    model: machine.model,
    family: machine.family,
    serial: machine.serial,
    symptom: row.symptom_description,
    causalPart: row.causal_part_number,
    causalPartDescription: row.causal_part_description,
    parts: row.parts.map((p) => ({ ...p })),
    labourHours: row.labour_hours == null ? null : Number(row.labour_hours),
  };
}
