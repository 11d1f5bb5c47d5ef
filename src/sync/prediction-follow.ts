import type { ChangesResponse } from '../api/changes';
import { getClaimsBundle } from '../api/prediction-claims';
import { ownerRange, type TorqueDb } from '../db/db';
import { readBack } from './outcome';
import { preparePredictionClaims, type FetchClaimsBundle } from './prediction-claims';
import { refreshPrediction, refreshPredictionHistory } from './predictions';

/*
 * The `predictions` area of the change feed, as the device follows it (docs/architecture.md
 * "Following the gateway"): the user's own predictions made, linked or scored elsewhere, and
 * the models whose past claims the gateway learned anew. Only what the device keeps is read
 * again, through the refreshes the screens use: Prediction History and Prediction detail
 * follow through their live queries.
 */

type PredictionChanges = NonNullable<ChangesResponse['predictions']>;

/** Drops the kept copies of tombstoned predictions; one still waiting to be sent stays. */
async function dropRemoved(ownerUserId: string, removed: string[], database: TorqueDb) {
  if (!removed.length) return;
  await database.transaction('rw', database.predictions, async () => {
    const rows = await database.predictions.bulkGet(removed.map((id) => [ownerUserId, id]));
    const gone = rows.filter((r) => r !== undefined && !r.pending).map((r) => r!.id);
    await database.predictions.bulkDelete(gone.map((id) => [ownerUserId, id]));
  });
}

/**
 * Asks again, by ETag, for the claims of the named models the device keeps, or of every kept
 * model without names (a 304 moves nothing). True when every chunk was answered.
 */
async function refreshKeptClaims(
  ownerUserId: string,
  models: readonly string[] | null,
  signal: AbortSignal,
  database: TorqueDb,
): Promise<boolean> {
  const named = models && new Set(models.map((m) => m.toLowerCase()));
  const kept = (
    await database.predictionClaims
      .where('[ownerUserId+model]')
      .between(...ownerRange(ownerUserId))
      .toArray()
  )
    .map((row) => row.model)
    .filter((model) => !named || named.has(model.toLowerCase()));
  if (!kept.length) return true;
  // The claims refresh never rejects (the field pack goes on without a chunk): whether every
  // chunk came back is seen here, so the cursor is kept only then.
  let answered = true;
  const fetchBundle: FetchClaimsBundle = (chunk, etag, s) =>
    getClaimsBundle(chunk, etag, s).catch((error: unknown) => {
      answered = false;
      throw error;
    });
  await preparePredictionClaims(ownerUserId, kept, signal, fetchBundle, database);
  return answered && !signal.aborted;
}

/** One list answer carries every line: read once, and only when the device keeps the list. */
async function refreshKeptHistory(ownerUserId: string, signal: AbortSignal, database: TorqueDb) {
  if (!(await database.predictionLists.get([ownerUserId, 'mine']))) return true;
  return readBack(await refreshPredictionHistory(ownerUserId, signal, database));
}

/**
 * After a cursor the gateway no longer knows, nothing says what changed: the kept history is
 * read again, and the kept claims asked for by their ETags (what did not change answers 304).
 * A kept prediction's detail reads itself when shown.
 */
export async function applyPredictionReset(
  ownerUserId: string,
  signal: AbortSignal,
  database: TorqueDb,
): Promise<boolean> {
  const reads = await Promise.all([
    refreshKeptHistory(ownerUserId, signal, database),
    refreshKeptClaims(ownerUserId, null, signal, database),
  ]);
  return reads.every(Boolean);
}

/**
 * Reads again what the device keeps of the changed predictions: the history list when one of
 * the user's predictions changed or went, each kept prediction that changed, and the claims of
 * kept models the answer names. True when every read came back.
 */
export async function applyPredictionChanges(
  ownerUserId: string,
  { changed, removed, models }: PredictionChanges,
  signal: AbortSignal,
  database: TorqueDb,
): Promise<boolean> {
  await dropRemoved(ownerUserId, removed, database);
  const reads: Promise<boolean>[] = [];
  if (changed.length + removed.length > 0) {
    reads.push(refreshKeptHistory(ownerUserId, signal, database));
    const kept = (await database.predictions.bulkGet(changed.map((id) => [ownerUserId, id])))
      .filter((r) => r !== undefined && !r.pending)
      .map((r) => r!.id);
    for (const id of kept)
      reads.push(refreshPrediction(ownerUserId, id, signal, database).then(readBack));
  }
  if (models?.length) reads.push(refreshKeptClaims(ownerUserId, models, signal, database));
  return (await Promise.all(reads)).every(Boolean);
}
