import { Dexie } from 'dexie';
import type { Calibration, PartsCombination } from '../../contract/predictions';
import { evidenceRows } from '../../engine/bundle';
import type { EngineRow, PredictionEngine, TermStatistics } from '../../engine/types';
import type { TorqueDb } from '../db/db';
import { ownerRange } from '../db/db';

/**
 * Parts predictions on the device (product §4 Offline-first): the engine built over the
 * statistics kept by "Prepare for the field" (every kept model, so it can blend towards a
 * model's family as it does on the gateway), with the gateway's term weights and calibration,
 * kept in memory until the kept statistics change. Runs in the worker
 * (prediction-engine.worker.ts) and, where a browser or a test has no module workers, in the
 * page.
 */

/** Must match sync/prediction-claims.ts, which stamps it whenever it writes claims. */
const CLAIMS_AREA = 'prediction-claims';

export type CreateEngine = (
  rows: EngineRow[],
  options?: { calibration?: Calibration; terms?: TermStatistics },
) => PredictionEngine;

export interface DevicePredictionQuery {
  model: string;
  symptom: string;
}

export interface DevicePrediction {
  /** Ranked answers, best first; empty when the device keeps no claims for the model. */
  combinations: PartsCombination[];
  /** Whether the model was primed: without its claims the device does not guess. */
  modelKept: boolean;
  /** Claims the engine's statistics stand for (every kept model's). */
  claims: number;
}

export interface EngineBuildReport {
  claims: number;
  models: number;
  /** Reading the rows from IndexedDB; 0 when the built engine was still current. */
  readMs: number;
  /** Building the engine from them. */
  buildMs: number;
}

export interface PredictionEngineApi {
  /** Builds (or reuses) the user's engine; says how big it is and how long building took. */
  build(userId: string): Promise<EngineBuildReport>;
  predict(userId: string, query: DevicePredictionQuery): Promise<DevicePrediction>;
}

interface Built {
  userId: string;
  stamp: string;
  engine: PredictionEngine | null;
  models: Set<string>;
  families: Map<string, string>;
  claims: number;
}

/** Changes whenever priming writes claims (the area's time) or a model's row comes or goes. */
async function stampOf(database: TorqueDb, userId: string): Promise<string> {
  const [state, rows] = await Promise.all([
    database.syncState.get([userId, CLAIMS_AREA]),
    database.predictionClaims
      .where('[ownerUserId+model]')
      .between(...ownerRange(userId))
      .count(),
  ]);
  return `${state?.syncedAt ?? 0}|${rows}`;
}

/** The newest row kept: every bundle carries the gateway's current calibration and count. */
function newestRow<T extends { syncedAt: number }>(rows: readonly T[]): T | undefined {
  let newest: T | undefined;
  for (const row of rows) if (!newest || row.syncedAt > newest.syncedAt) newest = row;
  return newest;
}

export function createPredictionService(
  database: TorqueDb,
  createEngine: CreateEngine,
): PredictionEngineApi {
  let cached: Built | null = null;
  // Dexie tells every thread of the app of each committed write (storagemutated, carried by a
  // BroadcastChannel). Until one touches the kept claims, a question reads nothing from
  // IndexedDB: on a slow phone those reads cost more than the ranking.
  let written = true;
  const watched = [database.predictionClaims.name, database.syncState.name].map(
    (table) => `idb://${database.name}/${table}/`,
  );
  Dexie.on('storagemutated', (parts) => {
    // "all": a page back from the back-forward cache, where anything may have changed.
    const touched = (part: string) => part === 'all' || watched.some((w) => part.startsWith(w));
    if (Object.keys(parts).some(touched)) written = true;
  });

  /** The engine built for this user; given a stamp, only if it was built from that state. */
  function current(userId: string, stamp?: string): Built | null {
    if (!cached || cached.userId !== userId) return null;
    return stamp === undefined || cached.stamp === stamp ? cached : null;
  }

  /** `recheck`: read the stamp even without word of a write, which may still be on its way. */
  async function engineFor(
    userId: string,
    recheck = false,
  ): Promise<{ built: Built; readMs: number; buildMs: number }> {
    const unchanged = !written && !recheck ? current(userId) : null;
    if (unchanged) return { built: unchanged, readMs: 0, buildMs: 0 };
    // Cleared before reading, so a write that lands meanwhile is seen by the next question.
    written = false;
    try {
      return await read(userId);
    } catch (error) {
      written = true;
      throw error;
    }
  }

  async function read(userId: string): Promise<{ built: Built; readMs: number; buildMs: number }> {
    const stamp = await stampOf(database, userId);
    const unchanged = current(userId, stamp);
    if (unchanged) return { built: unchanged, readMs: 0, buildMs: 0 };
    const t0 = performance.now();
    const rows = (
      await database.predictionClaims
        .where('[ownerUserId+model]')
        .between(...ownerRange(userId))
        .toArray()
    ).filter((row) => row.evidence !== undefined);
    const t1 = performance.now();
    const evidence = rows.flatMap((row) => (row.evidence ? [row.evidence] : []));
    const families = new Map<string, string>();
    for (const e of evidence) if (e.family) families.set(e.model, e.family);
    const newest = newestRow(rows);
    const { rows: engineRows, terms } = evidenceRows(evidence, newest?.gatewayClaims ?? 0);
    const calibration = newest?.calibration;
    const engine =
      engineRows.length > 0
        ? createEngine(engineRows, calibration ? { calibration, terms } : { terms })
        : null;
    cached = {
      userId,
      stamp,
      engine,
      models: new Set(rows.map((row) => row.model)),
      families,
      claims: evidence.reduce((n, e) => n + e.claims, 0),
    };
    return { built: cached, readMs: t1 - t0, buildMs: performance.now() - t1 };
  }

  /** A model primed without claims of its own still has a family: the machine's record says. */
  async function familyOf(userId: string, built: Built, model: string): Promise<string | null> {
    const known = built.families.get(model);
    if (known) return known;
    const machine = await database.machines
      .where('[ownerUserId+model+serial]')
      .between([userId, model, Dexie.minKey], [userId, model, Dexie.maxKey])
      .first();
    return machine?.detail.modelFamily ?? null;
  }

  return {
    async build(userId) {
      const { built, readMs, buildMs } = await engineFor(userId);
      return { claims: built.claims, models: built.models.size, readMs, buildMs };
    },
    async predict(userId, query) {
      let { built } = await engineFor(userId);
      // Claims kept a moment ago may not have been announced yet: look before saying none.
      if (!built.models.has(query.model)) ({ built } = await engineFor(userId, true));
      const modelKept = built.models.has(query.model);
      if (!modelKept || !built.engine) {
        return { combinations: [], modelKept, claims: built.claims };
      }
      const family = await familyOf(userId, built, query.model);
      const combinations = built.engine.predict({
        model: query.model,
        family,
        symptom: query.symptom,
      });
      return { combinations, modelKept, claims: built.claims };
    },
  };
}
