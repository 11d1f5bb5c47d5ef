import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { Calibration, PartsCombination } from '../../contract/predictions';
import type { PredictionQuery } from '../../engine/types';
import type { Database } from '../db/schema';
import type { FromEngine, ToEngine } from './predictions-protocol';

/** The engine as the gateway holds it: built in its own thread, asked by message. */
export interface LoadedClaims {
  predict(query: PredictionQuery, limit: number): Promise<PartsCombination[]>;
  /** The evidence of these models and their families' (ModelEvidence[]) as JSON text. */
  claimsOf(models: string[]): Promise<string>;
  /** Claims learned from, and claims left out for not fitting the contract's shape. */
  count: number;
  refused: number;
  calibration: Calibration;
  /** Changes whenever the claims or the calibration would: the bundles' ETags are made of it. */
  stamp: string;
}

/** Claims handed to the engine's thread per query: a few MB of JSON text each. */
const PAGE = 20_000;

/**
 * One page of claims after `after` (by id), as the engine learns from them: the machine gives
 * the model, serial and family; no claim number, no dealer. The database writes the JSON, so
 * the gateway's thread only passes a string on and never holds the claims as objects.
 */
async function claimsPage(db: Kysely<Database>, after: string) {
  const { rows } = await sql<{ last: string | null; json: string }>`
    SELECT max(id)::text AS last,
           coalesce(json_agg(claim ORDER BY id), '[]')::text AS json
      FROM (SELECT k.id,
                   json_build_object(
                     'date', to_char(k.date_of_repair, 'YYYY-MM-DD'),
                     'model', m.material_number,
                     'family', m.model_family,
                     'serial', m.serial_number,
                     'symptom', k.symptom_description,
                     'causalPart', k.causal_part_number,
                     'causalPartDescription', k.causal_part_description,
                     'parts', coalesce(k.parts, '[]'::jsonb),
                     'labourHours', k.labour_hours::float8) AS claim
              FROM machine_claims k JOIN machines m ON m.id = k.machine_id
             WHERE k.id > ${after}::bigint
             ORDER BY k.id
             LIMIT ${PAGE}) page`.execute(db);
  return rows[0]!;
}

/**
 * The thread's entry: beside the compiled gateway (scripts/build-gateway.mjs builds it as an entry
 * of its own), or, when the TypeScript runs as it is, a start file that loads it through tsx.
 */
const ENGINE_THREAD = import.meta.url.endsWith('.js')
  ? new URL('./predictions-worker.js', import.meta.url)
  : new URL('./predictions-thread.mjs', import.meta.url);

/** Starts the engine's thread on these claims; resolves once it is built. */
async function startEngine(
  db: Kysely<Database>,
  onExit: () => void,
): Promise<LoadedClaims & { stop(): void }> {
  const worker = new Worker(ENGINE_THREAD, { execArgv: [] });
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

  const built = new Promise<LoadedClaims & { stop(): void }>((resolve, reject) => {
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
          .update(`${message.count}\n${message.newest ?? ''}\n`)
          .update(JSON.stringify(message.calibration))
          .digest('hex')
          .slice(0, 24);
        resolve({
          calibration: message.calibration,
          stamp,
          count: message.count,
          refused: message.refused,
          predict: (query, limit) => ask({ kind: 'predict', id: next++, query, limit }),
          claimsOf: (models) => ask({ kind: 'bundle', id: next++, models }),
          stop: () => void worker.terminate(),
        });
        return;
      }
      if (message.kind === 'failed' && message.id === null) {
        reject(new Error(`The prediction engine could not be built: ${message.message}`));
        void worker.terminate();
        return;
      }
      const waiting = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.kind === 'answer') waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.message));
    });
  });
  // Awaited by the caller below, or dropped when loading fails: never an unhandled rejection.
  built.catch(() => undefined);
  try {
    for (let after = '0'; ;) {
      const page = await claimsPage(db, after);
      if (page.last === null) break;
      worker.postMessage({ kind: 'claims', json: page.json } satisfies ToEngine);
      after = page.last;
    }
    worker.postMessage({ kind: 'build' } satisfies ToEngine);
  } catch (err) {
    void worker.terminate();
    throw err;
  }
  return built;
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
    // A thread that ends (a fault) is started again by the next request.
    const build = startEngine(db, () => {
      if (engines.get(db) === build) engines.delete(db);
    });
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
