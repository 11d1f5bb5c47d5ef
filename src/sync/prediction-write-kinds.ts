import type { PredictionCreate, PredictionLink } from '../../contract/predictions';
import { predictionSchema } from '../../contract/predictions';
import { predictionPaths } from '../api/predictions';
import type { TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import { storeSentPrediction } from './prediction-store';
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

/** The replayer has parsed the answer with `result` already. */
function storeAnswer(database: TorqueDb, ownerUserId: string, result: unknown, entry: OutboxRow) {
  return storeSentPrediction(
    database,
    ownerUserId,
    predictionSchema.parse(result),
    entry.kind === 'prediction-create' ? entry.id : undefined,
  );
}

export const predictionWriteKinds = {
  'prediction-create': {
    method: 'POST',
    path: () => predictionPaths.create(),
    body: (payload) => payload,
    result: predictionSchema,
    serverId: (result) => (result as { id?: string } | undefined)?.id,
    // The row kept under the entry's id while waiting becomes the gateway's record.
    applied: storeAnswer,
  },
  'prediction-link': {
    method: 'PUT',
    path: (payload) => predictionPaths.link((payload as PredictionLinkPayload).predictionId),
    body: (payload) => ({ caseId: (payload as PredictionLinkPayload).caseId }),
    result: predictionSchema,
    applied: storeAnswer,
  },
} satisfies Record<'prediction-create' | 'prediction-link', WriteKind>;
