import { db } from '../../db/db';
import type { PredictionRow } from '../../db/schema';
import { signedInUserId } from '../../sync/current-user';
import { linkPrediction } from '../../sync/prediction-link';
import { readPrediction } from '../../sync/predictions';

/*
 * The link of a prediction to its case (product §4 Wizard: the prediction record is patched to
 * link the case), an outbox write. It waits for what the gateway does not know yet: the case's
 * own creation, and the prediction's when it was made offline.
 */

/**
 * Link to Case: the prediction was started from a case that exists, or its detail links it to
 * one the device keeps (`caseNumber` then known, shown at once).
 */
export function linkToCase(row: PredictionRow, caseId: string, caseNumber?: string): Promise<void> {
  return linkPrediction({
    ownerUserId: row.ownerUserId,
    predictionId: row.id,
    caseId,
    caseNumber,
    dependsOn: row.pending ? [row.id] : [],
  });
}

/** Create Case: once the new case is queued, its outbox entry is what the link waits for. */
export async function linkToNewCase(predictionId: string, caseOutboxId: string): Promise<void> {
  const ownerUserId = await signedInUserId(db);
  if (!ownerUserId) return;
  const row = await readPrediction(ownerUserId, predictionId);
  await linkPrediction({
    ownerUserId,
    predictionId: row?.id ?? predictionId,
    caseId: caseOutboxId,
    dependsOn: row?.pending ? [caseOutboxId, row.id] : [caseOutboxId],
  });
}
