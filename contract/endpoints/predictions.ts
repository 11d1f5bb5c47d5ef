import { z } from 'zod/mini';
import { caseParamsSchema } from '../cases';
import { endpoint } from '../endpoint';
import {
  casePredictionsResponseSchema,
  claimsBundleQuerySchema,
  claimsBundleSchema,
  PREDICTION_LOAD_FAILED_MESSAGE,
  predictionCreateSchema,
  predictionLinkSchema,
  predictionListResponseSchema,
  predictionSchema,
} from '../predictions';

/*
 * product §2 Parts prediction step, Prediction history and detail, Case detail's Parts
 * Predictions; §7 Predictions. Every record is the caller's organisation's: another dealer's
 * prediction answers 404.
 */

/** Prediction ids are UUIDs; anything else reads like a prediction that does not exist. */
export const predictionParamsSchema = z.object({
  id: z.uuid({ error: PREDICTION_LOAD_FAILED_MESSAGE }),
});

export const listPredictions = endpoint({
  method: 'GET',
  path: '/api/v1/predictions',
  summary: "The caller's Prediction History, newest first",
  access: 'user',
  scope: 'organisation',
  responses: { 200: predictionListResponseSchema },
});

export const createPrediction = endpoint({
  method: 'POST',
  path: '/api/v1/predictions',
  summary: 'Ranks a symptom (or keeps the answer ranked on the device) and records it',
  access: 'user',
  scope: 'organisation',
  body: predictionCreateSchema,
  responses: { 201: predictionSchema },
  idempotent: true,
});

export const getClaimsBundle = endpoint({
  method: 'GET',
  path: '/api/v1/predictions/claims',
  summary: "Some models' claim statistics, for ranking on the device (ETag; 304 when unchanged)",
  access: 'user',
  scope: 'public',
  query: claimsBundleQuerySchema,
  responses: { 200: claimsBundleSchema, 304: null },
});

export const getPrediction = endpoint({
  method: 'GET',
  path: '/api/v1/predictions/:id',
  summary: 'One prediction with its answers',
  access: 'user',
  scope: 'organisation',
  params: predictionParamsSchema,
  responses: { 200: predictionSchema },
});

export const listCasePredictions = endpoint({
  method: 'GET',
  path: '/api/v1/cases/:id/predictions',
  summary: 'The predictions linked to a case',
  access: 'user',
  scope: 'organisation',
  params: caseParamsSchema,
  responses: { 200: casePredictionsResponseSchema },
});

export const linkPrediction = endpoint({
  method: 'PUT',
  path: '/api/v1/predictions/:id/case',
  summary: 'Links a prediction to the case made from it',
  access: 'user',
  scope: 'organisation',
  params: predictionParamsSchema,
  body: predictionLinkSchema,
  responses: { 200: predictionSchema },
  idempotent: true,
});
