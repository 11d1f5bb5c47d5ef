import { getPredictionQuality } from '../../contract/endpoints/prediction-quality';
import type { PredictionQuality } from '../../contract/prediction-quality';
import { callApi } from './endpoint-client';

export type { PredictionQuality };

/** Administrators' hit rates of the predictions whose outcome is known. */
export async function fetchPredictionQuality(signal?: AbortSignal): Promise<PredictionQuality> {
  return callApi(getPredictionQuality, { signal });
}
