import type { Prediction } from '../../contract/predictions';
import { getCasePredictions, getMyPredictions, getPrediction } from '../api/predictions';
import { db, type TorqueDb } from '../db/db';
import type { PredictionRow } from '../db/schema';
import { outcomeOf, type RefreshOutcome } from './outcome';
import { unsentLink } from './prediction-link-state';

/*
 * The prediction area's refreshes (docs/architecture.md read path): fetch from the gateway,
 * write the rows the screens' live queries read. Offline, or when the gateway fails, the stored
 * rows stay. A prediction made on this device and not sent yet (`pending`) is never replaced
 * by a read: the gateway does not know it under that id. A link to a case that waits to be sent
 * is kept over the gateway's answer too.
 */

export const PREDICTIONS_AREA = 'predictions';

async function storePredictions(
  ownerUserId: string,
  predictions: readonly Prediction[],
  database: TorqueDb,
): Promise<void> {
  const now = Date.now();
  await database.predictions.bulkPut(
    predictions.map((prediction) => ({
      ownerUserId,
      id: prediction.id,
      prediction,
      pending: false,
      syncedAt: now,
    })),
  );
}

/** Prediction History (product §2): the user's own predictions, newest first. */
export async function refreshPredictionHistory(
  ownerUserId: string,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<RefreshOutcome> {
  try {
    const predictions = await getMyPredictions(signal);
    const now = Date.now();
    await database.transaction('rw', database.predictionLists, database.syncState, async () => {
      await database.predictionLists.put({ ownerUserId, key: 'mine', predictions, syncedAt: now });
      await database.syncState.put({
        ownerUserId,
        area: PREDICTIONS_AREA,
        syncedAt: now,
        detail: 'Prediction History',
      });
    });
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/**
 * One prediction with its answers. One the gateway does not know (or another dealer's) answers
 * 'not-found' and its stored copy is removed, unless it is still waiting to be sent.
 */
export async function refreshPrediction(
  ownerUserId: string,
  id: string,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<RefreshOutcome> {
  const kept = await database.predictions.get([ownerUserId, id]);
  if (kept?.pending) return { status: 'ok' };
  try {
    const asked = Date.now();
    const fetched = await getPrediction(id, signal);
    await database.transaction('rw', database.predictions, database.outbox, async () => {
      const shown = await database.predictions.get([ownerUserId, fetched.id]);
      // A write's answer stored while this read was out (a link sent) is newer than this one.
      if (shown && shown.syncedAt >= asked) return;
      // A link still in the outbox stays on screen: the gateway's answer predates it.
      const link = await unsentLink(ownerUserId, [id, fetched.id], database);
      const prediction =
        link && shown?.prediction.caseId === link.caseId
          ? { ...fetched, caseId: link.caseId, caseNumber: shown.prediction.caseNumber }
          : fetched;
      await storePredictions(ownerUserId, [prediction], database);
    });
    return { status: 'ok' };
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome.status === 'not-found' && kept) {
      await database.predictions.delete([ownerUserId, id]);
    }
    return outcome;
  }
}

/** The predictions linked to a case (Case detail's Parts Predictions). */
export async function refreshCasePredictions(
  ownerUserId: string,
  caseId: string,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<RefreshOutcome> {
  try {
    const predictions = await getCasePredictions(caseId, signal);
    await database.transaction('rw', database.predictions, () =>
      storePredictions(ownerUserId, predictions, database),
    );
    return { status: 'ok' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/**
 * A prediction as the device holds it. One made offline is stored under its outbox entry's id
 * until it is sent; a screen opened on that id keeps showing it under its server id after.
 */
export async function readPrediction(
  ownerUserId: string,
  id: string,
  database: TorqueDb = db,
): Promise<PredictionRow | undefined> {
  const row = await database.predictions.get([ownerUserId, id]);
  if (row) return row;
  const entry = await database.outbox.get(id);
  if (entry?.ownerUserId !== ownerUserId || !entry.serverId) return undefined;
  return database.predictions.get([ownerUserId, entry.serverId]);
}
