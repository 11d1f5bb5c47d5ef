import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createPrediction as createPredictionEndpoint,
  getClaimsBundle,
  getPrediction,
  linkPrediction as linkPredictionEndpoint,
  listCasePredictions,
  listPredictions,
} from '../../contract/endpoints/predictions';
import { type ClaimsBundle, PREDICTION_ANSWERS_MAX } from '../../contract/predictions';
import { getPredictionQuality } from '../../contract/endpoints/prediction-quality';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { EXPENSIVE } from '../http/fair-use';
import { refuseBadQuery } from '../http/query';
import { route } from '../http/route';
import { idempotentWrite } from '../services/idempotency';
import { bundleEtag, bundleModels, claimsBundleJson } from '../services/predictions-claims';
import { casePredictions, myPredictions, predictionById } from '../services/predictions-records';
import {
  createPrediction,
  linkPrediction,
  predictionMachine,
} from '../services/predictions-writes';
import { loadedClaims, refreshEvery, stopEngine } from '../services/predictions-engine';
import { predictionQuality } from '../services/predictions-outcomes';

/** True when the caller's If-None-Match names this ETag. */
function unchanged(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((t) => t.trim() === etag);
}

/**
 * contract/endpoints/predictions.ts. Every path checks the organisation rule (another dealer's
 * prediction is 404); writes are applied once per Idempotency-Key (the outbox replays them).
 */
export async function predictionRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.addHook('onClose', async () => stopEngine(db));
  refreshEvery(db, config.predictionsRefreshSeconds);

  route(app, getPredictionQuality, async (request) => {
    const user = request.user!;
    if (user.kind !== 'internal' || !user.isAdmin) throw new HttpError(404, 'Not found');
    return predictionQuality(db);
  });

  route(app, listPredictions, async (request) => ({
    predictions: await myPredictions(db, request.user!),
  }));

  // Ranking is the expensive part: limited per user and within the bound of concurrent work.
  route(
    app,
    createPredictionEndpoint,
    async (request, reply) => {
      const user = request.user!;
      const input = request.body;
      // Ranked here for a prediction made offline too (its device answer is a claim), and before
      // the write's transaction, so no connection waits on the engine.
      const machine = await predictionMachine(db, input);
      const engine = await loadedClaims(db);
      const ranked = await engine.predict(
        { model: machine.material_number, family: machine.model_family, symptom: input.symptom },
        PREDICTION_ANSWERS_MAX,
      );
      return idempotentWrite(db, request, reply, async (trx) => ({
        status: 201,
        body: await createPrediction(trx, user, input, ranked),
      }));
    },
    { config: EXPENSIVE },
  );

  // The device's claims for ranking offline: anonymous evidence, the same for every caller.
  // The bundle is sent as the JSON text kept with its ETag, so it is not serialised again.
  route(
    app,
    getClaimsBundle,
    async (request, reply) => {
      const models = bundleModels(request.query.models);
      const loaded = await loadedClaims(db);
      const etag = bundleEtag(loaded, models);
      reply.header('etag', etag);
      if (unchanged(request, etag)) return reply.code(304).send();
      const json = await claimsBundleJson(loaded, models);
      // A string is sent as it is (Fastify serialises only objects): typed as the answer it holds.
      return reply.type('application/json').send(json as unknown as ClaimsBundle);
    },
    { config: EXPENSIVE, preValidation: refuseBadQuery },
  );

  route(app, getPrediction, async (request) =>
    predictionById(db, request.user!, request.params.id),
  );

  route(app, listCasePredictions, async (request) => ({
    predictions: await casePredictions(db, request.user!, request.params.id),
  }));

  route(app, linkPredictionEndpoint, async (request, reply) => {
    const user = request.user!;
    const { id } = request.params;
    const { caseId } = request.body;
    return idempotentWrite(db, request, reply, async (trx) => ({
      status: 200,
      body: await linkPrediction(trx, user, id, caseId),
    }));
  });
}
