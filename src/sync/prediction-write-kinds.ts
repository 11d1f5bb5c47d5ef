import type { PredictionCreate, PredictionLink } from '../../contract/predictions';
import { predictionSchema } from '../../contract/predictions';
import type { WriteKind } from './write-kinds';

/*
 * The two writes of a parts prediction (product §4 Wizard): the prediction itself, which
 * carries the device's answer when it was ranked offline, and its link to a case, which may
 * wait for the case's own creation (its caseId is then the case-create entry's id until sent).
 */

export type PredictionCreatePayload = PredictionCreate;

/** `predictionId` is the prediction-create entry's id until that entry is sent. */
export interface PredictionLinkPayload extends PredictionLink {
  predictionId: string;
}

export const predictionWriteKinds = {
  'prediction-create': {
    method: 'POST',
    path: () => '/api/v1/predictions',
    body: (payload) => payload,
    result: predictionSchema,
    serverId: (result) => (result as { id?: string } | undefined)?.id,
  },
  'prediction-link': {
    method: 'PUT',
    path: (payload) =>
      `/api/v1/predictions/${encodeURIComponent((payload as PredictionLinkPayload).predictionId)}/case`,
    body: (payload) => ({ caseId: (payload as PredictionLinkPayload).caseId }),
    result: predictionSchema,
  },
} satisfies Record<'prediction-create' | 'prediction-link', WriteKind>;
