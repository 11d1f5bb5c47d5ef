import { fieldPackPage } from '../../contract/endpoints/machines';
import type { FieldPackResponse } from '../../contract/machines';
import { callApi } from './endpoint-client';

export interface FieldPackPageQuery {
  /** Internal users name the dealer; external users leave it out (the gateway uses theirs). */
  dealerId?: string;
  /** The previous page's `next`. */
  after?: string;
  limit?: number;
}

/** One page of a dealer's machines with their details. */
export function getFieldPackPage(
  query: FieldPackPageQuery,
  signal?: AbortSignal,
): Promise<FieldPackResponse> {
  return callApi(fieldPackPage, {
    query: {
      dealerId: query.dealerId,
      after: query.after,
      limit: query.limit === undefined ? undefined : String(query.limit),
    },
    signal,
  });
}

/**
 * Asks for each machine icon once, so the service worker's icon cache (CacheFirst) holds them
 * before the device goes offline. Best effort: a failure only means an icon shows later.
 */
export async function warmMachineIcons(urls: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(urls)].map((url) =>
      fetch(url, { credentials: 'same-origin' }).then(
        (res) => res.body?.cancel(),
        () => undefined,
      ),
    ),
  );
}
