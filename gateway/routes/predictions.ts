import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  casePredictionsResponseSchema,
  claimsBundleQuerySchema,
  PREDICTION_ANSWERS_MAX,
  PREDICTION_LOAD_FAILED_MESSAGE,
  type PartsCombination,
  predictionCreateSchema,
  predictionLinkSchema,
  predictionListResponseSchema,
  predictionSchema,
} from '../../contract/predictions';
import type { AppContext } from '../context';
import { EXPENSIVE } from '../http/fair-use';
import { idempotentWrite } from '../services/idempotency';
import { bundleEtag, bundleModels, claimsBundleJson } from '../services/predictions-claims';
import { casePredictions, myPredictions, predictionById } from '../services/predictions-records';
import {
  createPrediction,
  linkPrediction,
  predictionMachine,
} from '../services/predictions-writes';
import { loadedClaims, stopEngine } from '../services/predictions-engine';
import { caseParamsSchema, refuseBadQuery } from './cases';

/** Prediction ids are UUIDs; anything else reads like a prediction that does not exist. */
const predictionParamsSchema = z.object({
  id: z.uuid({ message: PREDICTION_LOAD_FAILED_MESSAGE }),
});

/** True when the caller's If-None-Match names this ETag. */
function unchanged(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((t) => t.trim() === etag);
}

/**
 * product §2 Parts prediction step, Prediction history and detail, Case detail's Parts
 * Predictions; §7 Predictions. Every path checks the organisation rule (another dealer's
 * prediction is 404); writes are applied once per Idempotency-Key (the outbox replays them).
 */
export async function predictionRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const records = { access: 'user', scope: 'organisation' } as const;
  app.addHook('onClose', async () => stopEngine(db));

  api.get('/api/v1/predictions', { config: records }, async (request) =>
    predictionListResponseSchema.parse({
      predictions: await myPredictions(db, request.user!),
    }),
  );

  // Ranking is the expensive part: limited per user and within the bound of concurrent work.
  api.post(
    '/api/v1/predictions',
    { config: { ...records, ...EXPENSIVE }, schema: { body: predictionCreateSchema } },
    async (request, reply) => {
      const user = request.user!;
      const input = request.body;
      let ranked: PartsCombination[] | null = null;
      if (!input.deviceAnswer) {
        // Ranked before the write's transaction, so no connection waits on the engine.
        const machine = await predictionMachine(db, input);
        const engine = await loadedClaims(db);
        ranked = await engine.predict(
          { model: machine.material_number, family: machine.model_family, symptom: input.symptom },
          PREDICTION_ANSWERS_MAX,
        );
      }
      return idempotentWrite(db, request, reply, async (trx) => ({
        status: 201,
        body: predictionSchema.parse(await createPrediction(trx, user, input, ranked)),
      }));
    },
  );

  // The device's claims for ranking offline: anonymous evidence, the same for every caller.
  api.get(
    '/api/v1/predictions/claims',
    {
      config: { access: 'user', scope: 'public', ...EXPENSIVE },
      preValidation: refuseBadQuery,
      schema: { querystring: claimsBundleQuerySchema },
    },
    async (request, reply) => {
      const models = bundleModels(request.query.models);
      const loaded = await loadedClaims(db);
      const etag = bundleEtag(loaded, models);
      reply.header('etag', etag);
      if (unchanged(request, etag)) return reply.code(304).send();
      return reply.type('application/json').send(await claimsBundleJson(loaded, models));
    },
  );

  api.get(
    '/api/v1/predictions/:id',
    { config: records, schema: { params: predictionParamsSchema } },
    async (request) =>
      predictionSchema.parse(await predictionById(db, request.user!, request.params.id)),
  );

  api.get(
    '/api/v1/cases/:id/predictions',
    { config: records, schema: { params: caseParamsSchema } },
    async (request) =>
      casePredictionsResponseSchema.parse({
        predictions: await casePredictions(db, request.user!, request.params.id),
      }),
  );

  api.put(
    '/api/v1/predictions/:id/case',
    { config: records, schema: { params: predictionParamsSchema, body: predictionLinkSchema } },
    async (request, reply) => {
      const user = request.user!;
      const { id } = request.params;
      const { caseId } = request.body;
      return idempotentWrite(db, request, reply, async (trx) => ({
        status: 200,
        body: predictionSchema.parse(await linkPrediction(trx, user, id, caseId)),
      }));
    },
  );
}
