import { dealerListSchema, dealerQuerySchema } from '../dealers';
import { endpoint } from '../endpoint';

/** product §2 Dealer lookup: internal users only (product §6). */
export const searchDealers = endpoint({
  method: 'GET',
  path: '/api/v1/dealers',
  summary: 'Dealers matching any of the fields given',
  access: 'internal',
  scope: 'organisation',
  query: dealerQuerySchema,
  responses: { 200: dealerListSchema },
});
