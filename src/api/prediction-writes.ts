import {
  predictionSchema,
  type Prediction,
  type PredictionCreate,
} from '../../contract/predictions';
import { apiRequest } from './client';
import { predictionPaths } from './predictions';

/**
 * POST /api/v1/predictions: the gateway ranks the symptom and records the prediction. The key
 * makes a repeated request (the same click sent twice) one record.
 */
export function postPrediction(
  body: PredictionCreate,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<Prediction> {
  return apiRequest(predictionPaths.create(), {
    method: 'POST',
    body,
    idempotencyKey,
    schema: predictionSchema,
    signal,
  });
}
