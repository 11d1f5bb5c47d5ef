import { afterEach, beforeEach, vi } from 'vitest';
import type { User } from '../../contract';
import {
  predictionSummarySchema,
  type Prediction,
  type PredictionSummary,
} from '../../contract/predictions';
import { stubGateway, type GatewayStub } from './gateway-stub';
import { resetDb, signInLocally } from './render';

/** A prediction as the gateway answers it (contract/predictions.ts). */
export function prediction(overrides: Partial<Prediction> = {}): Prediction {
  return {
    id: 'p-1',
    name: 'PPD-000001',
    modelNumber: 'M7-172',
    serialNumber: '52016',
    symptom: 'hydraulic pump whines under load',
    createdAt: '2026-11-20T10:00:00.000Z',
    combinations: [
      {
        causalPart: 'HP-100',
        causalPartDescription: 'Hydraulic pump',
        requiredParts: [
          { partNumber: 'HP-100', description: 'Hydraulic pump', quantity: 1 },
          { partNumber: 'SK-7', description: 'Seal kit', quantity: 2 },
        ],
        labourHours: 3,
        probability: 0.72,
      },
      {
        causalPart: 'RV-3',
        causalPartDescription: 'Relief valve',
        requiredParts: [{ partNumber: 'RV-3', description: 'Relief valve', quantity: 1 }],
        labourHours: 1,
        probability: 0.18,
      },
    ],
    caseId: null,
    caseNumber: null,
    createdBy: 'u-dana',
    rankedOn: 'gateway',
    ...overrides,
  };
}

/** The record's line in a history list: the summary's fields of it. */
export function summaryOf(p: Prediction): PredictionSummary {
  return predictionSummarySchema.parse(p);
}

export interface Testbed {
  /** The gateway stubbed at fetch, new for each test. */
  gateway: GatewayStub;
  /** navigator.onLine; true at the start of each test. */
  online: boolean;
}

/** Each test starts signed in as `user` on an empty device, online, with a fresh gateway stub. */
export function signedInTestbed(user: User): Testbed {
  const bed = { online: true } as Testbed;
  beforeEach(async () => {
    await resetDb();
    await signInLocally(user, { sessionFor: 3_600_000 });
    bed.online = true;
    Object.defineProperty(window.navigator, 'onLine', {
      configurable: true,
      get: () => bed.online,
    });
    bed.gateway = stubGateway();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return bed;
}
