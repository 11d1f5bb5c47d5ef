import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { PredictionRow } from '../../db/schema';
import { createPrediction } from '../../sync/prediction-create';
import { readPrediction } from '../../sync/predictions';

export interface PredictionRunInput {
  ownerUserId: string;
  model: string;
  serial: string;
  symptom: string;
  caseId: string | null;
}

export type PredictionRun =
  { state: 'running' } | { state: 'failed' } | { state: 'ready'; row: PredictionRow };

/*
 * The predictions made in this page, by what they were made for: the step shows again when the
 * wizard comes back to it (Previous from a case made from it) and must not make a second record
 * of the same prediction.
 */
const made = new Map<string, Promise<{ id: string }>>();

async function predictionFor(input: PredictionRunInput): Promise<{ id: string }> {
  const key = JSON.stringify([
    input.ownerUserId,
    input.model,
    input.serial,
    input.symptom,
    input.caseId,
  ]);
  const kept = made.get(key);
  if (kept) {
    const earlier = await kept.catch(() => null);
    // Still on the device: shown again. Gone (storage cleared): made again.
    if (earlier && (await readPrediction(input.ownerUserId, earlier.id))) return earlier;
    if (made.get(key) !== kept) return predictionFor(input);
  }
  const run = createPrediction({
    ownerUserId: input.ownerUserId,
    modelNumber: input.model,
    serialNumber: input.serial,
    symptom: input.symptom,
    caseId: input.caseId,
  });
  made.set(key, run);
  // A failure is not kept: Resubmit with the same words tries again.
  run.catch(() => made.delete(key));
  return run;
}

/**
 * Makes the prediction for the symptom (online the gateway ranks; offline the device does and
 * the prediction waits in the outbox), then reads it from the device, so it shows the same
 * whichever ranked it.
 */
export function usePredictionRun(input: PredictionRunInput): PredictionRun {
  const { ownerUserId, model, serial, symptom, caseId } = input;
  const [outcome, setOutcome] = useState<{ id: string } | 'failed' | null>(null);

  useEffect(() => {
    let current = true;
    setOutcome(null);
    predictionFor({ ownerUserId, model, serial, symptom, caseId }).then(
      (answer) => current && setOutcome(answer),
      () => current && setOutcome('failed'), // product §8: buttons disabled, no-predictions warning
    );
    return () => {
      current = false;
    };
  }, [ownerUserId, model, serial, symptom, caseId]);

  const id = outcome && outcome !== 'failed' ? outcome.id : null;
  const row = useLiveQuery(
    async () => (id ? ((await readPrediction(ownerUserId, id)) ?? null) : null),
    [ownerUserId, id],
  );
  if (outcome === 'failed') return { state: 'failed' };
  if (row) return { state: 'ready', row };
  return { state: 'running' };
}
