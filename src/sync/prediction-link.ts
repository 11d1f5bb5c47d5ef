import { createCaseResponseSchema } from '../../contract/case-create';
import { db, type TorqueDb } from '../db/db';
import type { OutboxRow } from '../db/schema';
import { localReference } from './local-reference';
import { enqueue } from './outbox';
import type { PredictionLinkPayload } from './prediction-write-kinds';
import { requestReplay } from './request-replay';

/*
 * Links a prediction to a case (product §4 Wizard: the case made from a prediction, or the case a
 * prediction was started from). Always through the outbox: the prediction or the case may still
 * be waiting to be sent, and the write then waits for them; the replayer puts their server ids
 * in place of the temporary ones. The gateway's PUT is idempotent.
 */

export interface LinkPredictionInput {
  ownerUserId: string;
  /** The gateway's id, or the prediction-create entry's while it waits to be sent. */
  predictionId: string;
  /** The gateway's id, or the case-create entry's while it waits to be sent. */
  caseId: string;
  /** Other writes this one must follow. */
  dependsOn?: string[];
  /** The case's number when the caller knows it (a case from a list the device keeps). */
  caseNumber?: string;
}

/** What an id stands for now: a queued write to wait for, or the server id it became. */
function resolved(entry: OutboxRow | undefined, id: string, ownerUserId: string) {
  if (!entry || entry.ownerUserId !== ownerUserId) return { id, waitFor: null };
  if (entry.status === 'done' && entry.serverId) return { id: entry.serverId, waitFor: null };
  return { id, waitFor: entry.id };
}

/** The case's number where the device knows it: given, of a sent case-create, or kept. */
async function caseNumberOf(
  database: TorqueDb,
  ownerUserId: string,
  caseId: string,
  entry: OutboxRow | undefined,
  given: string | undefined,
): Promise<string | null> {
  if (given) return given;
  if (entry?.kind === 'case-create') {
    return createCaseResponseSchema.safeParse(entry.result).data?.caseNumber ?? null;
  }
  const kept = await database.cases.get([ownerUserId, caseId]);
  return kept?.detail.caseNumber ?? null;
}

export async function linkPrediction(
  input: LinkPredictionInput,
  database: TorqueDb = db,
): Promise<void> {
  const { ownerUserId } = input;
  await database.transaction(
    'rw',
    [database.outbox, database.predictions, database.cases],
    async () => {
      const [predictionEntry, caseEntry] = await database.outbox.bulkGet([
        input.predictionId,
        input.caseId,
      ]);
      const prediction = resolved(predictionEntry, input.predictionId, ownerUserId);
      const theCase = resolved(caseEntry, input.caseId, ownerUserId);
      const dependsOn = [
        ...new Set([
          ...(input.dependsOn ?? []),
          ...[prediction.waitFor, theCase.waitFor].filter((id): id is string => id !== null),
        ]),
      ];
      const payload: PredictionLinkPayload = { predictionId: prediction.id, caseId: theCase.id };
      const caseNumber = await caseNumberOf(
        database,
        ownerUserId,
        theCase.id,
        caseEntry,
        input.caseNumber,
      );
      // The case as people know it: its number, or the local reference until it has one.
      const label =
        caseNumber ??
        (caseEntry?.kind === 'case-create' ? localReference(caseEntry.id) : theCase.id);
      await enqueue(
        {
          kind: 'prediction-link',
          payload,
          summary: `Link prediction to case ${label}`,
          ownerUserId,
          dependsOn,
        },
        database,
      );
      // Shown as linked at once: the case's Parts Predictions lists it before the write is sent.
      await database.predictions
        .where('[ownerUserId+id]')
        .equals([ownerUserId, prediction.id])
        .modify((row) => {
          row.prediction = { ...row.prediction, caseId: theCase.id, caseNumber };
        });
    },
  );
  void requestReplay();
}
