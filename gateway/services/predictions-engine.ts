import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type {
  Calibration,
  ClaimEvidence,
  PartsCombination,
  PredictionPart,
} from '../../contract/predictions';
import type { PredictionQuery } from '../../engine/types';
import type { Database } from '../db/schema';
import type { FromEngine, ToEngine } from './predictions-protocol';

/** The engine as the gateway holds it: built in its own thread, asked by message. */
export interface LoadedClaims {
  predict(query: PredictionQuery, limit: number): Promise<PartsCombination[]>;
  /** The claims of these models, without serials: the device's bundle. */
  claimsOf(models: string[]): Promise<ClaimEvidence[]>;
  calibration: Calibration;
  /** Changes whenever the claims or the calibration would: the bundles' ETags are made of it. */
  stamp: string;
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

/** Starts the engine's thread on these claims; resolves once it is built. */
function startEngine(
  claims: ClaimEvidence[],
  onExit: () => void,
): Promise<LoadedClaims & { stop(): void }> {
  const worker = new Worker(new URL('./predictions-thread.mjs', import.meta.url), {
    execArgv: [],
  });
  // A gateway that is closing does not wait for the engine's thread.
  worker.unref();
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let next = 0;
  let stopped = false;
  const ask = <T>(message: ToEngine & { id: number }) =>
    new Promise<T>((resolve, reject) => {
      if (stopped) return reject(new Error('The prediction engine stopped'));
      pending.set(message.id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage(message);
    });
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  return new Promise((resolve, reject) => {
    worker.on('error', (err) => {
      failAll(err);
      reject(err);
    });
    worker.on('exit', () => {
      stopped = true;
      failAll(new Error('The prediction engine stopped'));
      onExit();
      reject(new Error('The prediction engine stopped'));
    });
    worker.on('message', (message: FromEngine) => {
      if (message.kind === 'built') {
        const stamp = createHash('sha256')
          .update(`${claims.length}\n${claims.at(-1)?.date ?? ''}\n`)
          .update(JSON.stringify(message.calibration))
          .digest('hex')
          .slice(0, 24);
        resolve({
          calibration: message.calibration,
          stamp,
          predict: (query, limit) => ask({ kind: 'predict', id: next++, query, limit }),
          claimsOf: (models) => ask({ kind: 'bundle', id: next++, models }),
          stop: () => void worker.terminate(),
        });
        return;
      }
      if (message.kind === 'failed' && message.id === null) {
        reject(new Error(`The prediction engine could not be built: ${message.message}`));
        return;
      }
      const waiting = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.kind === 'answer') waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.message));
    });
    worker.postMessage({ kind: 'build', claims } satisfies ToEngine);
  });
}

/** One engine per database, shared by every request; a failed build is tried again next time. */
const engines = new WeakMap<Kysely<Database>, Promise<LoadedClaims & { stop(): void }>>();

/**
 * The engine over the claims, built on first use. Claims only change with the seed, so it is
 * kept for the life of the gateway; callers that arrive while it is built wait for the same
 * build rather than starting their own.
 */
export function loadedClaims(db: Kysely<Database>): Promise<LoadedClaims> {
  let pending = engines.get(db);
  if (!pending) {
    const build = claimEvidence(db).then((claims) =>
      // A thread that ends (a fault) is started again by the next request.
      startEngine(claims, () => {
        if (engines.get(db) === build) engines.delete(db);
      }),
    );
    pending = build;
    engines.set(db, build);
    pending.catch(() => engines.delete(db));
  }
  return pending;
}

/** Stops the engine's thread of this database, if one was started (the gateway is closing). */
export async function stopEngine(db: Kysely<Database>): Promise<void> {
  const pending = engines.get(db);
  engines.delete(db);
  if (pending) (await pending.catch(() => null))?.stop();
}
