import {
  casePredictionsResponseSchema,
  predictionListResponseSchema,
  predictionSchema,
  type Prediction,
  type PredictionSummary,
} from '../../contract/predictions';
import { apiRequest } from './client';

/**
 * The prediction reads of contract/predictions.ts (product §7 Predictions). Every answer is
 * parsed with its schema here, so nothing unchecked reaches IndexedDB.
 */

const seg = encodeURIComponent;

/** Where the prediction endpoints live; the outbox's write kinds build their paths here too. */
export const predictionPaths = {
  create: () => '/api/v1/predictions',
  mine: () => '/api/v1/predictions',
  detail: (id: string) => `/api/v1/predictions/${seg(id)}`,
  link: (id: string) => `/api/v1/predictions/${seg(id)}/case`,
  ofCase: (caseId: string) => `/api/v1/cases/${seg(caseId)}/predictions`,
  claims: () => '/api/v1/predictions/claims',
};

/** The signed-in user's Prediction History, newest first. */
export async function getMyPredictions(signal?: AbortSignal): Promise<PredictionSummary[]> {
  return (
    await apiRequest(predictionPaths.mine(), { schema: predictionListResponseSchema, signal })
  ).predictions;
}

/** One prediction with its answers: 404 when unknown or another dealer's. */
export function getPrediction(id: string, signal?: AbortSignal): Promise<Prediction> {
  return apiRequest(predictionPaths.detail(id), { schema: predictionSchema, signal });
}

/** The predictions linked to a case (Case detail's Parts Predictions). */
export async function getCasePredictions(
  caseId: string,
  signal?: AbortSignal,
): Promise<Prediction[]> {
  return (
    await apiRequest(predictionPaths.ofCase(caseId), {
      schema: casePredictionsResponseSchema,
      signal,
    })
  ).predictions;
}
