import { createPrediction } from '../../contract/endpoints/predictions';
import type { Prediction, PredictionCreate } from '../../contract/predictions';
import { callApi } from './endpoint-client';

/**
 * The gateway ranks the symptom and records the prediction. The key
 * makes a repeated request (the same click sent twice) one record; `timeoutMs` is how long the
 * gateway has to answer (client.ts).
 */
export function postPrediction(
  body: PredictionCreate,
  idempotencyKey: string,
  timeoutMs?: number,
): Promise<Prediction> {
  return callApi(createPrediction, { body, idempotencyKey, timeoutMs });
}
