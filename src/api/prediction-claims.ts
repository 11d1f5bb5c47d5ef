import { getClaimsBundle as claimsBundleEndpoint } from '../../contract/endpoints/predictions';
import type { ClaimsBundle } from '../../contract/predictions';
import type { ConditionalAnswer } from './client';
import { callApiIfChanged } from './endpoint-client';

/**
 * The past claims of those models, with the gateway's calibration, for ranking on the device.
 * `etag` is the one kept from the last answer for the same models: an unchanged bundle
 * answers 304.
 */
export function getClaimsBundle(
  models: readonly string[],
  etag: string | null,
  signal?: AbortSignal,
): Promise<ConditionalAnswer<ClaimsBundle>> {
  return callApiIfChanged(claimsBundleEndpoint, {
    query: { models: models.join(',') },
    etag,
    signal,
  });
}
