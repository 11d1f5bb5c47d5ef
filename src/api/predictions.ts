import {
  getPrediction as getPredictionEndpoint,
  listCasePredictions,
  listPredictions,
} from '../../contract/endpoints/predictions';
import type { Prediction, PredictionSummary } from '../../contract/predictions';
import { callApi } from './endpoint-client';

/**
 * The prediction reads of contract/endpoints/predictions.ts (product §7 Predictions). Every
 * answer is parsed with its declared schema, so nothing unchecked reaches IndexedDB.
 */

/** The signed-in user's Prediction History, newest first. */
export async function getMyPredictions(signal?: AbortSignal): Promise<PredictionSummary[]> {
  return (await callApi(listPredictions, { signal })).predictions;
}

/** One prediction with its answers: 404 when unknown or another dealer's. */
export function getPrediction(id: string, signal?: AbortSignal): Promise<Prediction> {
  return callApi(getPredictionEndpoint, { params: { id }, signal });
}

/** The predictions linked to a case (Case detail's Parts Predictions). */
export async function getCasePredictions(
  caseId: string,
  signal?: AbortSignal,
): Promise<Prediction[]> {
  return (await callApi(listCasePredictions, { params: { id: caseId }, signal })).predictions;
}
