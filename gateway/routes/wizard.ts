import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsBatchResponseSchema,
  analyticsBatchSchema,
  deflectionQuerySchema,
  deflectionSummarySchema,
  bookIdsResponseSchema,
  caseAssistQuerySchema,
  caseAssistResponseSchema,
  dtcCodesQuerySchema,
  dtcCodesResponseSchema,
  partsCatalogueQuerySchema,
  partsCatalogueResponseSchema,
  createCaseRequestSchema,
  createCaseResponseSchema,
  createContactRequestSchema,
  createContactResponseSchema,
} from '../../contract/case-create';
import type { AppContext } from '../context';
import { caseAssist } from '../services/case-assist';
import { deflectionSummary, recordEvents } from '../services/case-assist-events';
import { createCase } from '../services/case-create';
import { bookIdsOf, dtcCodesOf, partsCatalogueOf } from '../services/parts-catalogue';
import { refuseBadQuery } from './cases';
import { createContact } from '../services/contact-create';
import { idempotentWrite } from '../services/idempotency';
import { EXPENSIVE } from '../http/fair-use';

/**
 * product §2 Create case or report wizard, §7 "Cases and wizard": creating cases, reports and
 * contacts (writes the outbox replays, applied once per Idempotency-Key); case assist, DTC
 * values and the parts catalogue the wizard's steps read.
 */
export async function wizardRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const records = { access: 'user', scope: 'organisation' } as const;

  api.post(
    '/api/v1/cases',
    { config: records, schema: { body: createCaseRequestSchema } },
    async (request, reply) => {
      const current = request.user!;
      const { fields } = request.body;
      return idempotentWrite(db, request, reply, async (trx) => ({
        status: 201,
        body: createCaseResponseSchema.parse(
          await createCase(trx, current, fields, config.productName),
        ),
      }));
    },
  );

  api.post(
    '/api/v1/contacts',
    { config: records, schema: { body: createContactRequestSchema } },
    async (request, reply) => {
      const current = request.user!;
      const input = request.body;
      return idempotentWrite(db, request, reply, async (trx) => ({
        status: 201,
        body: createContactResponseSchema.parse(await createContact(trx, current, input)),
      }));
    },
  );

  // Reads of the wizard: the same answer for every signed-in user (knowledge, catalogue).
  const shared = { access: 'user', scope: 'public' } as const;
  const refuse = { preValidation: refuseBadQuery };

  api.get(
    '/api/v1/case-assist',
    {
      config: { ...shared, ...EXPENSIVE },
      ...refuse,
      schema: { querystring: caseAssistQuerySchema },
    },
    async (request) => caseAssistResponseSchema.parse(await caseAssist(db, request.query)),
  );

  api.get(
    '/api/v1/machines/dtc-codes',
    { config: shared, ...refuse, schema: { querystring: dtcCodesQuerySchema } },
    async (request) => dtcCodesResponseSchema.parse(await dtcCodesOf(db, request.query.model)),
  );

  api.get(
    '/api/v1/parts-catalogue/book-ids',
    { config: shared, ...refuse, schema: { querystring: partsCatalogueQuerySchema } },
    async (request) => bookIdsResponseSchema.parse(await bookIdsOf(db, request.query.model)),
  );

  api.get(
    '/api/v1/parts-catalogue',
    { config: shared, ...refuse, schema: { querystring: partsCatalogueQuerySchema } },
    async (request) =>
      partsCatalogueResponseSchema.parse(await partsCatalogueOf(db, request.query.model)),
  );

  // Fire-and-forget analytics: each event is stored once by its own id, so no key is needed.
  api.post(
    '/api/v1/case-assist/events',
    { config: { access: 'user', scope: 'caller' }, schema: { body: analyticsBatchSchema } },
    async (request, reply) => {
      const answer = await recordEvents(db, request.user!, request.body);
      return reply.code(202).send(analyticsBatchResponseSchema.parse(answer));
    },
  );

  api.get(
    '/api/v1/admin/case-assist/deflection',
    {
      config: { access: 'admin', scope: 'public' },
      ...refuse,
      schema: { querystring: deflectionQuerySchema },
    },
    async (request) => deflectionSummarySchema.parse(await deflectionSummary(db, request.query)),
  );
}
