import { claimsBundleSchema, type ClaimsBundle } from '../../contract/predictions';
import { apiRequestIfChanged, type ConditionalAnswer } from './client';
import { predictionPaths } from './predictions';

/**
 * GET /api/v1/predictions/claims?models=A,B: the past claims of those models, with the
 * gateway's calibration, for ranking on the device. `etag` is the one kept from the last
 * answer for the same models: an unchanged bundle answers 304.
 */
export function getClaimsBundle(
  models: readonly string[],
  etag: string | null,
  signal?: AbortSignal,
): Promise<ConditionalAnswer<ClaimsBundle>> {
  return apiRequestIfChanged(predictionPaths.claims(), {
    schema: claimsBundleSchema,
    query: { models: models.join(',') },
    etag,
    signal,
  });
}
