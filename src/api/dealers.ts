import { dealerListSchema, type Dealer, type DealerQuery } from '../../contract/dealers';
import { apiRequest } from './client';

export type { Dealer };

/** The query as sent: any of the fields, already trimmed (contract/dealers.ts validates it again). */
export type DealerSearch = { [K in keyof DealerQuery]?: string };

/** GET /api/v1/dealers (internal users only: 403 for others; 400 without a field). */
export async function searchDealers(query: DealerSearch, signal?: AbortSignal): Promise<Dealer[]> {
  const res = await apiRequest('/api/v1/dealers', {
    schema: dealerListSchema,
    query: { ...query },
    signal,
  });
  return res.dealers;
}
