import type { Dealer, DealerQuery } from '../../contract/dealers';
import { searchDealers as dealersEndpoint } from '../../contract/endpoints/dealers';
import { callApi } from './endpoint-client';

export type { Dealer };

/** The query as sent: any of the fields, already trimmed (contract/dealers.ts validates it again). */
export type DealerSearch = { [K in keyof DealerQuery]?: string };

/** Internal users only: 403 for others; 400 without a field. */
export async function searchDealers(query: DealerSearch, signal?: AbortSignal): Promise<Dealer[]> {
  return (await callApi(dealersEndpoint, { query: { ...query }, signal })).dealers;
}
