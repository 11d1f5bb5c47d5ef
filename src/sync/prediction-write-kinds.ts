import { createPrediction, linkPrediction } from '../../contract/endpoints/predictions';
import type { Prediction, PredictionCreate, PredictionLink } from '../../contract/predictions';
import type { TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import { declaredWrite } from './declared-write';
import { storeSentPrediction } from './prediction-store';

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

function storeAnswer(
  database: TorqueDb,
  ownerUserId: string,
  result: Prediction,
  entry: OutboxRow,
) {
  return storeSentPrediction(
    database,
    ownerUserId,
    result,
    entry.kind === 'prediction-create' ? entry.id : undefined,
  );
}

export const predictionWriteKinds = {
  'prediction-create': declaredWrite(createPrediction, {
    body: (payload: PredictionCreatePayload) => payload,
    serverId: (result) => result.id,
    // The row kept under the entry's id while waiting becomes the gateway's record.
    applied: storeAnswer,
  }),
  'prediction-link': declaredWrite(linkPrediction, {
    params: (payload: PredictionLinkPayload) => ({ id: payload.predictionId }),
    body: (payload) => ({ caseId: payload.caseId }),
    applied: storeAnswer,
  }),
};
