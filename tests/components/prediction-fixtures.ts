import {
  predictionSummarySchema,
  type Prediction,
  type PredictionSummary,
} from '../../contract/predictions';

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
