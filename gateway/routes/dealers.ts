import type { FastifyInstance } from 'fastify';
import { dealerListSchema, dealerQuerySchema } from '../../contract/dealers';
import type { AppContext } from '../context';
import { searchDealers } from '../services/dealers';

/** SPEC §2 Dealer lookup: internal users only (SPEC §6), enforced here. */
export async function dealerRoutes(app: FastifyInstance, { db, guards }: AppContext) {
  app.get('/api/v1/dealers', { preHandler: guards.requireInternal }, async (request) => {
    const query = dealerQuerySchema.parse(request.query ?? {});
    return dealerListSchema.parse({ dealers: await searchDealers(db, query) });
  });
}
