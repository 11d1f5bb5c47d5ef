import type { FastifyInstance } from 'fastify';
import { getDealerContacts } from '../../contract/endpoints/dealer-contacts';
import { searchDealers as searchDealersEndpoint } from '../../contract/endpoints/dealers';
import type { AppContext } from '../context';
import { organisationOf } from '../http/access';
import { HttpError } from '../http/errors';
import { EXPENSIVE } from '../http/fair-use';
import { route } from '../http/route';
import { dealerContacts } from '../services/dealer-contacts';
import { searchDealers } from '../services/dealers';

/**
 * contract/endpoints/dealers.ts (internal users only, product §6, enforced by the declaration)
 * and dealer-contacts.ts.
 */
export async function dealerRoutes(app: FastifyInstance, { db }: AppContext) {
  route(
    app,
    searchDealersEndpoint,
    async (request) => ({ dealers: await searchDealers(db, request.query) }),
    { config: EXPENSIVE },
  );

  route(app, getDealerContacts, async (request) => {
    const found = await dealerContacts(
      db,
      organisationOf(request),
      request.user!.accountId,
      request.query.dealerId,
    );
    if (!found) throw new HttpError(404, 'The dealer was not found');
    return found;
  });
}
