import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dealerListSchema, dealerQuerySchema } from '../../contract/dealers';
import type { AppContext } from '../context';
import { searchDealers } from '../services/dealers';
import { EXPENSIVE } from '../http/fair-use';

/** product §2 Dealer lookup: internal users only (product §6), enforced by the declaration. */
export async function dealerRoutes(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/dealers',
    {
      config: { access: 'internal', scope: 'organisation', ...EXPENSIVE },
      schema: { querystring: dealerQuerySchema },
    },
    async (request) => dealerListSchema.parse({ dealers: await searchDealers(db, request.query) }),
  );
}
