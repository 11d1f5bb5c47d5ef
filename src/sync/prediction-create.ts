import { safeParse } from 'zod/v4/core';
import {
  predictionCreateSchema,
  type Prediction,
  type PredictionCreate,
} from '../../contract/predictions';
import { ApiError, NetworkError } from '../api/errors';
import { postPrediction } from '../api/prediction-writes';
import { db, type TorqueDb } from '../db/db';
import { rankOnDevice } from './device-prediction';
import { enqueue } from './outbox';
import { localReference } from './local-reference';
import { linkPrediction } from './prediction-link';
import { storeSentPrediction } from './prediction-store';
import type { PredictionCreatePayload } from './prediction-write-kinds';
import { requestReplay } from './request-replay';

/*
 * A parts prediction (product §2 Parts prediction step, §4 Offline-first). Online the gateway
 * ranks and records it. Without a connection the device ranks over the claims kept by
 * "Prepare for the field", keeps the prediction at once (waiting to send) and queues it with
 * its answer; the gateway records it as made on the device when it is sent.
 */

export interface CreatePredictionInput {
  ownerUserId: string;
  modelNumber: string;
  serialNumber: string;
  symptom: string;
  /** The case the prediction was started from; may be a case still waiting to be sent. */
  caseId?: string | null;
}

/**
 * A gateway silent this long is out of reach: the device's answer serves better than waiting.
 * The time the user spends signing in again after a 401 is not counted.
 */
const ONLINE_TIMEOUT_MS = 15_000;

/** The request as the gateway would accept it, or the gateway's 400 with the contract's message. */
function requestOf(input: CreatePredictionInput, caseId: string | null): PredictionCreate {
  const parsed = safeParse(predictionCreateSchema, {
    modelNumber: input.modelNumber,
    serialNumber: input.serialNumber,
    symptom: input.symptom,
    ...(caseId ? { caseId } : {}),
  });
  if (!parsed.success) {
    throw new ApiError(400, 'Bad Request', parsed.error.issues[0]?.message ?? 'Invalid request');
  }
  return parsed.data;
}

/**
 * The case as the gateway knows it: a case created on this device goes by its outbox entry's
 * id until sent. `queued`: not sent yet, so the prediction is linked to it by a later write.
 */
async function caseOf(
  database: TorqueDb,
  ownerUserId: string,
  caseId: string | null | undefined,
): Promise<{ serverId: string | null; queued: boolean }> {
  if (!caseId) return { serverId: null, queued: false };
  const entry = await database.outbox.get(caseId);
  if (!entry || entry.ownerUserId !== ownerUserId || entry.kind !== 'case-create') {
    return { serverId: caseId, queued: false };
  }
  if (entry.status === 'done' && entry.serverId) return { serverId: entry.serverId, queued: false };
  return { serverId: null, queued: true };
}

async function createdBy(database: TorqueDb, ownerUserId: string): Promise<string> {
  const profile = await database.profile.get('me');
  const user = profile?.user.id === ownerUserId ? profile.user : null;
  return user ? `${user.firstName} ${user.lastName}`.trim() : ownerUserId;
}

/**
 * `sentAs`: the key of an online attempt that got no answer. The gateway may have recorded it,
 * so the queued copy is that very request (same key, no device answer): sent again, it makes
 * one record, ranked by the gateway, and the device's answer only shows until then.
 */
async function queueOnDevice(
  input: CreatePredictionInput,
  request: PredictionCreate,
  database: TorqueDb,
  sentAs: string | null,
): Promise<string> {
  const { ownerUserId } = input;
  const ranked = await rankOnDevice(ownerUserId, {
    model: request.modelNumber,
    symptom: request.symptom,
  });
  const rankedAt = new Date().toISOString();
  const payload: PredictionCreatePayload = sentAs
    ? request
    : { ...request, deviceAnswer: { combinations: ranked.combinations, rankedAt } };
  const author = await createdBy(database, ownerUserId);
  const entry = await database.transaction(
    'rw',
    database.outbox,
    database.predictions,
    async () => {
      const queued = await enqueue(
        {
          kind: 'prediction-create',
          payload,
          summary: `Parts prediction for ${request.modelNumber} ${request.serialNumber}`,
          ownerUserId,
          ...(sentAs ? { id: sentAs } : {}),
        },
        database,
      );
      const prediction: Prediction = {
        id: queued.id,
        // Named as a case made offline is until the gateway numbers it.
        name: localReference(queued.id),
        modelNumber: request.modelNumber,
        serialNumber: request.serialNumber,
        symptom: request.symptom,
        createdAt: rankedAt,
        combinations: ranked.combinations,
        caseId: request.caseId ?? null,
        caseNumber: null,
        createdBy: author,
        rankedOn: 'device',
      };
      await database.predictions.put({
        ownerUserId,
        id: queued.id,
        prediction,
        pending: true,
        syncedAt: Date.now(),
      });
      return queued;
    },
  );
  void requestReplay();
  return entry.id;
}

/**
 * Makes a prediction and keeps it on the device; resolves with its id (the gateway's, or the
 * outbox entry's while it waits to be sent). Any answer but a 2xx (400, 404, 429, 5xx) rejects
 * with the gateway's ApiError for the screen to show (product §8); so does a declined sign-in.
 */
export async function createPrediction(
  input: CreatePredictionInput,
  database: TorqueDb = db,
): Promise<{ id: string }> {
  const theCase = await caseOf(database, input.ownerUserId, input.caseId);
  const request = requestOf(input, theCase.serverId);

  let id: string | null = null;
  let sentAs: string | null = null;
  if (navigator.onLine) {
    try {
      sentAs = crypto.randomUUID();
      const prediction = await postPrediction(request, sentAs, ONLINE_TIMEOUT_MS);
      await storeSentPrediction(database, input.ownerUserId, prediction);
      id = prediction.id;
    } catch (error) {
      // No answer (offline, or none in time): the device ranks. Any answer is the gateway's word.
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  id ??= await queueOnDevice(input, request, database, sentAs);

  // A case still waiting to be sent: the link waits for it (and for this prediction if queued).
  if (theCase.queued && input.caseId) {
    await linkPrediction(
      { ownerUserId: input.ownerUserId, predictionId: id, caseId: input.caseId },
      database,
    );
  }
  return { id };
}
