import {
  claimsBundleSchema,
  type ClaimEvidence,
  type ClaimsBundle,
  type PartsCombination,
  type Prediction,
  type PredictionCreate,
} from '../../contract/predictions';
import { evidenceByModel, withFamilies } from '../../engine/bundle';
import { db } from '../../src/db/db';
import type { StubRequest } from './gateway-stub';

/*
 * Parts predictions at the network edge, as the gateway answers: a few past claims of two
 * models of one family, and the record the gateway makes of a prediction.
 */

function claim(
  model: string,
  symptom: string,
  causalPart: string,
  description: string,
  date: string,
): ClaimEvidence {
  return {
    date,
    model,
    family: 'Tractor',
    serial: null,
    symptom,
    causalPart,
    causalPartDescription: description,
    parts: [{ partNumber: causalPart, description, quantity: 1 }],
    labourHours: 2,
  };
}

const HYDRAULIC = ['hydraulic pump whines and loses pressure', 'HYD-PUMP-7', 'Hydraulic pump'];
const STARTER = ['engine will not crank, starter clicks', 'STR-12V-3', 'Starter motor'];

export const m7Claims: ClaimEvidence[] = Array.from({ length: 12 }, (_, i) => {
  const [symptom, part, description] = i % 2 ? STARTER : HYDRAULIC;
  return claim('M7-172', symptom!, part!, description!, `2025-0${1 + (i % 9)}-1${i % 10}`);
});

export const m5Claims: ClaimEvidence[] = m7Claims
  .slice(0, 4)
  .map((c) => ({ ...c, model: 'M5-111' }));

export function bundleOf(
  models: readonly string[],
  claims: readonly ClaimEvidence[],
): ClaimsBundle {
  // Cut by the engine's own bundle code, as the gateway cuts it.
  return {
    models: [...models],
    claims: claims.length,
    evidence: withFamilies(models, evidenceByModel(claims)),
    calibration: { scores: [0, 1], probabilities: [0.1, 0.9] },
  };
}

/**
 * The gateway's answer to a claims bundle asked for `request.query.models` under `etag`: the
 * demo claims of those models, or 304 when the caller already has that ETag.
 */
export function claimsBundleAnswer(request: StubRequest, etag: string): Response {
  if (request.headers['If-None-Match'] === etag) return new Response(null, { status: 304 });
  const models = request.query.models!.split(',');
  const body = claimsBundleSchema.parse(bundleOf(models, [...m7Claims, ...m5Claims]));
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json', etag },
  });
}

export const gatewayCombination: PartsCombination = {
  causalPart: 'HYD-PUMP-7',
  causalPartDescription: 'Hydraulic pump',
  requiredParts: [{ partNumber: 'HYD-PUMP-7', description: 'Hydraulic pump', quantity: 1 }],
  labourHours: 2,
  probability: 0.72,
};

let next = 40;

/**
 * What the gateway answers to a create: its record of the request, with its own ranking (a
 * device's answer is only what the technician saw) and the device's time.
 */
export function recordOf(
  request: PredictionCreate,
  overrides: Partial<Prediction> = {},
): Prediction {
  next++;
  return {
    id: `ppd-${next}`,
    name: `PPD-0000${next}`,
    modelNumber: request.modelNumber,
    serialNumber: request.serialNumber,
    symptom: request.symptom,
    createdAt: request.deviceAnswer?.rankedAt ?? new Date().toISOString(),
    combinations: [gatewayCombination],
    caseId: request.caseId ?? null,
    caseNumber: null,
    createdBy: 'Dana Tech',
    rankedOn: request.deviceAnswer ? 'device' : 'gateway',
    ...overrides,
  };
}

/** navigator.onLine as the browser reports it. */
export function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
}

/** What dana asks about on the prediction step. */
export function askedBy(ownerUserId: string) {
  return {
    ownerUserId,
    modelNumber: 'M7-172',
    serialNumber: '52016',
    symptom: 'hydraulic pump whines, no pressure',
  };
}

/** The claims "Prepare for the field" keeps, as the gateway's bundle gave them. */
export async function keepClaims(ownerUserId: string, models: string[]) {
  const bundle = bundleOf(models, [...m7Claims, ...m5Claims]);
  await db.predictionClaims.bulkPut(
    models.map((model) => ({
      ownerUserId,
      model,
      evidence: bundle.evidence.find((e) => e.model === model) ?? null,
      gatewayClaims: bundle.claims,
      calibration: bundle.calibration,
      etag: '"b1"',
      syncedAt: Date.now(),
    })),
  );
  await db.syncState.put({ ownerUserId, area: 'prediction-claims', syncedAt: Date.now() });
}
