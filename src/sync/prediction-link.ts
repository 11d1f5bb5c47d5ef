import type { PredictionLinkPayload } from './prediction-write-kinds';
import { enqueue } from './outbox';
import { requestReplay } from './request-replay';

// Placeholder with the agreed signature until the offline-ranking branch provides the real one.
export async function linkPrediction(input: {
  ownerUserId: string;
  predictionId: string;
  caseId: string;
  dependsOn?: string[];
}): Promise<void> {
  const payload: PredictionLinkPayload = { predictionId: input.predictionId, caseId: input.caseId };
  await enqueue({
    kind: 'prediction-link',
    payload,
    summary: 'Link the prediction to its case',
    ownerUserId: input.ownerUserId,
    dependsOn: input.dependsOn,
  });
  void requestReplay();
}
