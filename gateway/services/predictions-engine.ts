import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ClaimEvidence, PredictionPart } from '../../contract/predictions';
import { createEngine, fitCalibration } from '../../engine/index';
import type { PredictionEngine } from '../../engine/types';
import type { Database } from '../db/schema';

/** The newest share of the claims, by date of repair, that the probabilities are fitted on. */
const CALIBRATION_SHARE = 0.2;

/** The engine and the claims it learned from, as this process holds them. */
export interface LoadedClaims {
  engine: PredictionEngine;
  /** Every claim, by the model's lower-cased name (the device's bundle is cut from these). */
  byModel: ReadonlyMap<string, readonly ClaimEvidence[]>;
  /** Changes whenever the claims or the calibration would: the bundles' ETags are made of it. */
  stamp: string;
  count: number;
}

interface ClaimRow {
  date: string;
  model: string;
  family: string | null;
  serial: string | null;
  symptom: string;
  causal_part: string;
  causal_part_description: string;
  parts: PredictionPart[] | null;
  labour_hours: number | null;
}

/**
 * Every claim as the engine learns from it, oldest first: the machine gives the model, serial
 * and family. Claims are anonymous evidence here: no claim number and no dealer.
 */
export async function claimEvidence(db: Kysely<Database>): Promise<ClaimEvidence[]> {
  const { rows } = await sql<ClaimRow>`
    SELECT to_char(k.date_of_repair, 'YYYY-MM-DD') AS date,
           m.material_number AS model,
           m.model_family AS family,
           m.serial_number AS serial,
           k.symptom_description AS symptom,
           k.causal_part_number AS causal_part,
           k.causal_part_description,
           k.parts,
           k.labour_hours::float8 AS labour_hours
      FROM machine_claims k JOIN machines m ON m.id = k.machine_id
     ORDER BY k.date_of_repair, k.id`.execute(db);
  return rows.map((r) => ({
    date: r.date,
    model: r.model,
    family: r.family,
    serial: r.serial,
    symptom: r.symptom,
    causalPart: r.causal_part,
    causalPartDescription: r.causal_part_description,
    parts: r.parts ?? [],
    labourHours: r.labour_hours,
  }));
}

/** At most this many held-out claims are asked about to fit the probabilities. */
const CALIBRATION_SAMPLE = 2000;

/** Up to `n` rows spread evenly over `rows` (all of them when there are fewer). */
function evenSample<T>(rows: readonly T[], n: number): T[] {
  if (rows.length <= n) return [...rows];
  const step = rows.length / n;
  return Array.from({ length: n }, (_, i) => rows[Math.floor(i * step)]!);
}

/**
 * The engine learns from every claim; its probabilities are fitted on the newest claims as
 * answered by an engine that learned only from the older ones, so a 70 % answer is right about
 * 70 % of the time on claims it has not seen. A spread sample of the newest is enough for the
 * fit and keeps the first build short.
 */
export function buildEngine(claims: readonly ClaimEvidence[]): PredictionEngine {
  const cut = Math.floor(claims.length * (1 - CALIBRATION_SHARE));
  const heldOut = evenSample(claims.slice(cut), CALIBRATION_SAMPLE);
  if (cut === 0 || heldOut.length === 0) return createEngine(claims);
  const calibration = fitCalibration(claims.slice(0, cut), heldOut);
  return createEngine(claims, { calibration });
}

function load(claims: ClaimEvidence[]): LoadedClaims {
  const engine = buildEngine(claims);
  const byModel = new Map<string, ClaimEvidence[]>();
  const hash = createHash('sha256');
  for (const c of claims) {
    const key = c.model.toLowerCase();
    const list = byModel.get(key);
    if (list) list.push(c);
    else byModel.set(key, [c]);
  }
  hash.update(`${claims.length}\n${claims.at(-1)?.date ?? ''}\n`);
  hash.update(JSON.stringify(engine.calibration));
  return { engine, byModel, stamp: hash.digest('hex').slice(0, 24), count: claims.length };
}

/** One build per database, shared by every request; a failed build is tried again next time. */
const loaded = new WeakMap<Kysely<Database>, Promise<LoadedClaims>>();

/**
 * The claims and the engine built from them, built on first use. Claims only change with the
 * seed, so the build is kept for the life of the process; callers that arrive while it runs
 * wait for the same build rather than starting their own.
 */
export function loadedClaims(db: Kysely<Database>): Promise<LoadedClaims> {
  let pending = loaded.get(db);
  if (!pending) {
    pending = claimEvidence(db).then(load);
    loaded.set(db, pending);
    pending.catch(() => loaded.delete(db));
  }
  return pending;
}
