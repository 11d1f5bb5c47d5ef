import { z } from 'zod/mini';

/*
 * product §2 Parts prediction step, Prediction history and detail, Case detail's Parts
 * Predictions; §3 Parts prediction; §4 Wizard (the prediction is linked to the case made from
 * it); §7 Predictions; §8. The answer's shape is also the prediction engine's (engine/), so the
 * gateway, the device and the screens read one definition.
 */

// ---------------------------------------------------------------- messages and limits (§8)

export { PREDICTION_LINK_FAILED_MESSAGE } from './prediction-messages';
/** product §8: a prediction detail without an id, unknown, or that failed to load. */
export const PREDICTION_LOAD_FAILED_MESSAGE = 'There was a problem loading this prediction';
/** product §8 empty states. */
export const NO_PREDICTIONS_MESSAGE = 'No Predictions Found';
export const NO_PREDICTION_HISTORY_MESSAGE = 'No Prediction History to Display';
export const NO_KNOWLEDGE_ARTICLES_MESSAGE = 'No Knowledge Articles found';

/** The symptom is the wizard's Subject, and has its limit. */
export const SYMPTOM_MAX = 255;
export const SYMPTOM_REQUIRED_MESSAGE = 'Describe the symptom.';
export const SYMPTOM_TOO_LONG_MESSAGE = `The symptom is at most ${SYMPTOM_MAX} characters.`;
/** How many answers one prediction gives at most. */
export const PREDICTION_ANSWERS_MAX = 5;
/** The claims bundle is asked for by the models of the machines primed for the field. */
export const CLAIMS_BUNDLE_MODELS_MAX = 50;

// ---------------------------------------------------------------- the answer (§3 Parts prediction)

/** One part to bring: partNumber, partDesc and qty in the CRM's words. */
export const predictionPartSchema = z.object({
  partNumber: z.string().check(z.minLength(1), z.maxLength(40)),
  description: z.string().check(z.maxLength(200)),
  quantity: z.number().check(z.int(), z.gte(1), z.lte(999)),
});
export type PredictionPart = z.infer<typeof predictionPartSchema>;

/** One ranked answer: PartsCombinations[] in the CRM's words. */
export const partsCombinationSchema = z.object({
  causalPart: z.string().check(z.minLength(1), z.maxLength(40)),
  causalPartDescription: z.string().check(z.maxLength(200)),
  /** The most common set of parts among the similar claims with this causal part. */
  requiredParts: z.array(predictionPartSchema).check(z.maxLength(50)),
  /** The similar claims' median labour, in whole hours; null when none recorded any. */
  labourHours: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(10_000))),
  /** Calibrated: of all answers given 0.7, about 70 % are right. */
  probability: z.number().check(z.gte(0), z.lte(1)),
});
export type PartsCombination = z.infer<typeof partsCombinationSchema>;

// ---------------------------------------------------------------- records (§3 History record)

/**
 * What became of a prediction once its causal part was known (docs/predictions.md "Scored
 * against what happened"): the smallest top-k of its answers that holds the part, or a miss.
 */
export const predictionOutcomeSchema = z.object({
  result: z.enum(['hit1', 'hit3', 'hit5', 'miss']),
  /** The causal part that was known, as the case or the claim names it. */
  causalPart: z.string(),
  /** Known from its linked case closed, or from a claim for the same machine. */
  source: z.enum(['case', 'claim']),
  /** ISO date-time it was recorded. */
  recordedAt: z.string(),
});
export type PredictionOutcomeInfo = z.infer<typeof predictionOutcomeSchema>;

export const predictionSchema = z.object({
  id: z.string(),
  /** The record's name, e.g. PPD-000042. */
  name: z.string(),
  modelNumber: z.string(),
  serialNumber: z.string(),
  symptom: z.string(),
  /** ISO date-time; screens show its first 10 characters. */
  createdAt: z.string(),
  combinations: z.array(partsCombinationSchema),
  caseId: z.nullable(z.string()),
  caseNumber: z.nullable(z.string()),
  createdBy: z.string(),
  /**
   * 'device' when made offline: ranked on the device, sent later, and ranked again by the gateway
   * (whose answer this record holds).
   */
  rankedOn: z.enum(['gateway', 'device']),
  /**
   * Null until the outcome is recorded; it then never changes. Left out by an older gateway,
   * and in a record kept from one.
   */
  outcome: z.optional(z.nullable(predictionOutcomeSchema)),
});
export type Prediction = z.infer<typeof predictionSchema>;

export const predictionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  symptom: z.string(),
  createdAt: z.string(),
  modelNumber: z.string(),
  serialNumber: z.string(),
  caseId: z.nullable(z.string()),
});
export type PredictionSummary = z.infer<typeof predictionSummarySchema>;

export const predictionListResponseSchema = z.object({
  predictions: z.array(predictionSummarySchema),
});
export type PredictionListResponse = z.infer<typeof predictionListResponseSchema>;

export const casePredictionsResponseSchema = z.object({ predictions: z.array(predictionSchema) });
export type CasePredictionsResponse = z.infer<typeof casePredictionsResponseSchema>;

// ---------------------------------------------------------------- writes

const symptomSchema = z
  .string({ error: SYMPTOM_REQUIRED_MESSAGE })
  .check(
    z.trim(),
    z.minLength(1, SYMPTOM_REQUIRED_MESSAGE),
    z.maxLength(SYMPTOM_MAX, SYMPTOM_TOO_LONG_MESSAGE),
  );

/**
 * POST /api/v1/predictions (Idempotency-Key). The gateway ranks. A prediction made offline also
 * carries the device's answer and the time it was made: the gateway keeps that answer as what
 * the technician saw (its own ranking is the record's) and the time clamped to what can be true.
 */
export const predictionCreateSchema = z.object({
  modelNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  serialNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  symptom: symptomSchema,
  caseId: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  deviceAnswer: z.optional(
    z.object({
      combinations: z.array(partsCombinationSchema).check(z.maxLength(PREDICTION_ANSWERS_MAX)),
      rankedAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type PredictionCreate = z.infer<typeof predictionCreateSchema>;

/** PUT /api/v1/predictions/:id/case (Idempotency-Key): links the prediction to a case. */
export const predictionLinkSchema = z.object({
  caseId: z.string().check(z.minLength(1), z.maxLength(40)),
});
export type PredictionLink = z.infer<typeof predictionLinkSchema>;

// ---------------------------------------------------------------- the claims bundle (offline)

/** One past claim as the engine learns from it. Only the symptom is indexed. */
export const claimEvidenceSchema = z.object({
  /** YYYY-MM-DD, the date of repair. */
  date: z.string(),
  model: z.string(),
  /** The model's family (e.g. Tractor) when known: the engine blends towards it. */
  family: z.nullable(z.string()),
  serial: z.nullable(z.string()),
  symptom: z.string(),
  causalPart: z.string(),
  causalPartDescription: z.string(),
  parts: z.array(predictionPartSchema),
  labourHours: z.nullable(z.number()),
});
export type ClaimEvidence = z.infer<typeof claimEvidenceSchema>;

/**
 * The isotonic map from the engine's raw score to a probability, fitted on the gateway over
 * held-out claims: a step function through (score, probability) points, both ascending.
 */
export const calibrationSchema = z.object({
  scores: z.array(z.number()),
  probabilities: z.array(z.number()),
});
export type Calibration = z.infer<typeof calibrationSchema>;

/**
 * What the claims of one causal part of a model teach the engine, as statistics: the part's
 * parts set and labour over all its claims (over the part's claims of every model when the
 * model has too few), and the distinct symptoms written with it, each with how many claims
 * wrote it. A symptom is its words in alphabetical order: no date, dealer, serial, parts or
 * labour of any one claim.
 */
export const partEvidenceSchema = z.object({
  causalPart: z.string(),
  description: z.string(),
  /** Claims of the model with this causal part. */
  claims: z.number(),
  requiredParts: z.array(predictionPartSchema),
  labourHours: z.nullable(z.number()),
  texts: z.array(z.string()),
  /** counts[i]: the claims that wrote texts[i]. */
  counts: z.array(z.number()),
});
export type PartEvidence = z.infer<typeof partEvidenceSchema>;

/** One model's evidence, with the claims-per-term of the terms its symptoms use. */
export const modelEvidenceSchema = z.object({
  model: z.string(),
  family: z.nullable(z.string()),
  claims: z.number(),
  parts: z.array(partEvidenceSchema),
  /**
   * The terms of its symptoms (their words as written) and, for each, the gateway's claims that
   * use it and how strongly it points at one causal part (0..1, engine/term-focus.ts).
   */
  terms: z.array(z.string()),
  df: z.array(z.number()),
  /** Absent from bundles a device kept from before it was sent. */
  focus: z.optional(z.array(z.number())),
});
export type ModelEvidence = z.infer<typeof modelEvidenceSchema>;

/**
 * GET /api/v1/predictions/claims?models=A,B (ETag): what the device ranks over offline. The
 * models asked for and the other models of their families (the engine blends towards the
 * family), as statistics; `claims` is every claim the gateway learned from (term weights).
 */
export const claimsBundleQuerySchema = z.object({
  models: z.string().check(z.minLength(1), z.maxLength(CLAIMS_BUNDLE_MODELS_MAX * 41)),
});
export const claimsBundleSchema = z.object({
  models: z.array(z.string()),
  claims: z.number(),
  evidence: z.array(modelEvidenceSchema),
  calibration: calibrationSchema,
});
export type ClaimsBundle = z.infer<typeof claimsBundleSchema>;
