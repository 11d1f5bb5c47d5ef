import { parse } from 'zod/v4/core';
import {
  predictionSummarySchema,
  type Prediction,
  type PredictionSummary,
} from '../../contract/predictions';
import type { TorqueDb } from '../db/db';

/*
 * The gateway's record of a prediction into the rows the screens read: the record itself, and
 * its line in the history as last fetched. A prediction made offline was kept under its outbox
 * entry's id until sent; the gateway's record replaces that row.
 */

/** A record's line in the history: the summary's fields, as the contract names them. */
export function summaryOf(p: Prediction): PredictionSummary {
  return parse(predictionSummarySchema, p);
}

/**
 * Stores `prediction` as sent. `pendingId`: the entry id it was kept under while waiting; a
 * case it was linked to meanwhile stays linked (its own link write follows).
 */
export async function storeSentPrediction(
  database: TorqueDb,
  ownerUserId: string,
  prediction: Prediction,
  pendingId?: string,
): Promise<void> {
  await database.transaction('rw', database.predictions, database.predictionLists, async () => {
    let record = prediction;
    if (pendingId && pendingId !== prediction.id) {
      const pending = await database.predictions.get([ownerUserId, pendingId]);
      if (pending && record.caseId === null && pending.prediction.caseId !== null) {
        const { caseId, caseNumber } = pending.prediction;
        record = { ...record, caseId, caseNumber };
      }
      await database.predictions.delete([ownerUserId, pendingId]);
    }
    await database.predictions.put({
      ownerUserId,
      id: record.id,
      prediction: record,
      pending: false,
      syncedAt: Date.now(),
    });
    const list = await database.predictionLists.get([ownerUserId, 'mine']);
    if (!list) return;
    const others = list.predictions.filter((p) => p.id !== record.id && p.id !== pendingId);
    const listed = list.predictions.some((p) => p.id === record.id);
    const summary = summaryOf(record);
    await database.predictionLists.put({
      ...list,
      // Newest first: a new record goes on top, a known one stays where it was.
      predictions: listed
        ? list.predictions.map((p) => (p.id === record.id ? summary : p))
        : [summary, ...others],
    });
  });
}
