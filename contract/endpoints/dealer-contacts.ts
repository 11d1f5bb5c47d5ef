import { endpoint } from '../endpoint';
import { dealerContactsQuerySchema, dealerContactsSchema } from '../notifications';

/** product §7 DealerContacts: the caller's own dealer, or the one an internal user picked. */
export const getDealerContacts = endpoint({
  method: 'GET',
  path: '/api/v1/dealer-contacts',
  summary: "A dealer's contacts by section",
  access: 'user',
  scope: 'organisation',
  query: dealerContactsQuerySchema,
  responses: { 200: dealerContactsSchema },
});
