import type { FastifyInstance } from 'fastify';
import * as catalogue from '../../contract/endpoints/parts-catalogue';
import type { AppContext } from '../context';
import { refuseBadQuery } from '../http/query';
import { route } from '../http/route';
import { bookIdsOf, dtcCodesOf, partsCatalogueOf } from '../services/parts-catalogue';

/** contract/endpoints/parts-catalogue.ts: the same answer for every signed-in user. */
export async function partsCatalogueRoutes(app: FastifyInstance, { db }: AppContext) {
  const refuse = { preValidation: refuseBadQuery };
  route(app, catalogue.getDtcCodes, async (request) => dtcCodesOf(db, request.query.model), refuse);
  route(app, catalogue.getBookIds, async (request) => bookIdsOf(db, request.query.model), refuse);
  route(
    app,
    catalogue.getPartsCatalogue,
    async (request) => partsCatalogueOf(db, request.query.model),
    refuse,
  );
}
