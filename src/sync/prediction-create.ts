import { predictionSchema } from '../../contract/predictions';
import { predictionPaths } from '../api/predictions';
import { apiRequest } from '../api/client';
import { db } from '../db/db';

// Placeholder with the agreed signature until the offline-ranking branch provides the real one.
export async function createPrediction(input: {
  ownerUserId: string;
  modelNumber: string;
  serialNumber: string;
  symptom: string;
  caseId?: string | null;
}): Promise<{ id: string }> {
  const prediction = await apiRequest(predictionPaths.create(), {
    method: 'POST',
    body: {
      modelNumber: input.modelNumber,
      serialNumber: input.serialNumber,
      symptom: input.symptom,
      caseId: input.caseId ?? null,
    },
    idempotencyKey: crypto.randomUUID(),
    schema: predictionSchema,
  });
  await db.predictions.put({
    ownerUserId: input.ownerUserId,
    id: prediction.id,
    prediction,
    pending: false,
    syncedAt: Date.now(),
  });
  return { id: prediction.id };
}
