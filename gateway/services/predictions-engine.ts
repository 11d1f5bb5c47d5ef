import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { Calibration, PartsCombination } from '../../contract/predictions';
import type { PredictionQuery } from '../../engine/types';
import type { Database } from '../db/schema';
import { recordEngineBuild } from '../http/metrics';
import { logLearnedClaims } from './predictions-claims-log';
import { settleFromClaims } from './predictions-outcomes';
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

/** The engine's thread as held here: stopped at once, or retired once its questions are answered. */
interface Running extends LoadedClaims {
  /** The claims' count and newest id when they were read (claimsVersion). */
  version: string;
  stop(): void;
  retire(): void;
}

/** Changes when a claim is added or removed: cheap enough to ask every minute. */
async function claimsVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ version: string }>`
    SELECT count(*)::text || ':' || coalesce(max(id), 0)::text AS version
      FROM machine_claims`.execute(db);
  return rows[0]!.version;
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
async function startEngine(db: Kysely<Database>, onExit: () => void): Promise<Running> {
  const worker = new Worker(ENGINE_THREAD, { execArgv: [] });
  // A gateway that is closing does not wait for the engine's thread.
  worker.unref();
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let next = 0;
  let stopped = false;
  let retiring = false;
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

  const built = new Promise<Running>((resolve, reject) => {
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
          .update(`${version}\n${message.count}\n${message.newest ?? ''}\n`)
          .update(JSON.stringify(message.calibration))
          .digest('hex')
          .slice(0, 24);
        resolve({
          version,
          calibration: message.calibration,
          stamp,
          count: message.count,
          refused: message.refused,
          predict: (query, limit) => ask({ kind: 'predict', id: next++, query, limit }),
          claimsOf: (models) => ask({ kind: 'bundle', id: next++, models }),
          stop: () => void worker.terminate(),
          retire: () => {
            retiring = true;
            if (pending.size === 0) void worker.terminate();
          },
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
      // A replaced engine ends once the questions it was asked are answered.
      if (retiring && pending.size === 0) void worker.terminate();
    });
  });
  // Awaited by the caller below, or dropped when loading fails: never an unhandled rejection.
  built.catch(() => undefined);
  // Read before the claims: a claim added while they are read is learned at the next check.
  let version = '';
  try {
    version = await claimsVersion(db);
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

/** How often the claims are checked for a change, unless the gateway is told otherwise. */
export const REFRESH_SECONDS = 60;

interface Held {
  /** The engine answering (or first being built); null after a fault, until the next request. */
  engine: Promise<Running> | null;
  /** Whether a newer engine is being built beside it. */
  building: boolean;
  timer: ReturnType<typeof setInterval> | null;
}

/** One engine per database, shared by every request. */
const held = new WeakMap<Kysely<Database>, Held>();
const periods = new WeakMap<Kysely<Database>, number>();

/** How often the claims of this database are checked (the gateway's configuration). */
export function refreshEvery(db: Kysely<Database>, seconds: number): void {
  periods.set(db, seconds);
}

function start(db: Kysely<Database>, h: Held): Promise<Running> {
  // A thread that ends (a fault) is started again by the next request; a failed build too.
  const began = performance.now();
  const build: Promise<Running> = startEngine(db, () => {
    if (h.engine === build) h.engine = null;
  });
  build.then(
    () => recordEngineBuild((performance.now() - began) / 1000),
    () => {
      if (h.engine === build) h.engine = null;
    },
  );
  return build;
}

/**
 * Learns claims that arrived since the engine was built: when their count or newest id changed,
 * a new engine is built in a thread of its own while the current one goes on answering, then
 * takes its place; the old thread ends once its questions are answered. The models of the
 * claims it learned are then named in the change feed, and the predictions they score settled.
 */
async function refresh(db: Kysely<Database>, h: Held): Promise<void> {
  const answering = h.engine;
  if (h.building || !answering) return;
  h.building = true;
  try {
    const current = await answering;
    if ((await claimsVersion(db)) === current.version) return;
    const next = start(db, h);
    const built = await next;
    // Stopped, or restarted after a fault, while it was built: the newer one is not needed.
    if (h.engine !== answering || held.get(db) !== h) return built.stop();
    h.engine = next;
    current.retire();
    // Once the new engine answers: a device told of its models gets their new ETag.
    await logLearnedClaims(db, current.version, built.version);
    // The predictions the new claims score are recorded now, not only when their quality is read:
    // their makers' devices hear of it through the change feed.
    await settleFromClaims(db);
  } catch {
    // The engine in place answers on; the next check tries again.
  } finally {
    h.building = false;
  }
}

/**
 * The engine over the claims, built on first use and rebuilt when the claims change (checked
 * every refreshEvery seconds). Callers that arrive while it is first built wait for the same
 * build rather than starting their own.
 */
export function loadedClaims(db: Kysely<Database>): Promise<LoadedClaims> {
  let h = held.get(db);
  if (!h) {
    h = { engine: null, building: false, timer: null };
    held.set(db, h);
  }
  h.engine ??= start(db, h);
  if (!h.timer) {
    const checked = h;
    const seconds = periods.get(db) ?? REFRESH_SECONDS;
    h.timer = setInterval(() => void refresh(db, checked), seconds * 1000);
    h.timer.unref();
  }
  return h.engine;
}

/** Stops the engine's thread of this database, if one was started (the gateway is closing). */
export async function stopEngine(db: Kysely<Database>): Promise<void> {
  const h = held.get(db);
  held.delete(db);
  if (!h) return;
  if (h.timer) clearInterval(h.timer);
  const engine = h.engine;
  h.engine = null;
  if (engine) (await engine.catch(() => null))?.stop();
}
