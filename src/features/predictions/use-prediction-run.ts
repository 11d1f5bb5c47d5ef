import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { useStableCallback } from '../../components/use-stable-callback';
import type { PredictionRow } from '../../db/schema';
import { createPrediction } from '../../sync/prediction-create';
import { readPrediction } from '../../sync/predictions';

export interface PredictionRunInput {
  ownerUserId: string;
  model: string;
  serial: string;
  symptom: string;
  caseId: string | null;
  /** The prediction already made (the user came back to it): shown, not made again. */
  predictionId: string | null;
  /** Hears the id of the prediction once it is made here. */
  onMade: (id: string) => void;
}

export type PredictionRun =
  { state: 'running' } | { state: 'failed' } | { state: 'ready'; row: PredictionRow };

/**
 * Makes the prediction for the symptom once (online the gateway ranks; offline the device does
 * and the prediction waits in the outbox), or takes the one already made, then reads it from the
 * device, so it shows the same whichever ranked it.
 */
export function usePredictionRun(input: PredictionRunInput): PredictionRun {
  const { ownerUserId, model, serial, symptom, caseId, predictionId } = input;
  const onMade = useStableCallback(input.onMade);
  const [outcome, setOutcome] = useState<{ id: string } | 'failed' | null>(null);
  // One request per input, even when an effect runs twice for the same one.
  const made = useRef<{ key: string; run: Promise<{ id: string }> } | null>(null);

  useEffect(() => {
    if (predictionId) return;
    const key = JSON.stringify([ownerUserId, model, serial, symptom, caseId]);
    if (made.current?.key !== key) {
      setOutcome(null);
      made.current = {
        key,
        run: createPrediction({
          ownerUserId,
          modelNumber: model,
          serialNumber: serial,
          symptom,
          caseId,
        }),
      };
    }
    let current = true;
    made.current.run.then(
      (answer) => {
        if (!current) return;
        setOutcome(answer);
        onMade(answer.id);
      },
      () => current && setOutcome('failed'), // product §8: buttons disabled, no-predictions warning
    );
    return () => {
      current = false;
    };
  }, [ownerUserId, model, serial, symptom, caseId, predictionId, onMade]);

  const id = predictionId ?? (outcome && outcome !== 'failed' ? outcome.id : null);
  const row = useLiveQuery(
    async () => (id ? ((await readPrediction(ownerUserId, id)) ?? null) : null),
    [ownerUserId, id],
  );
  if (!predictionId && outcome === 'failed') return { state: 'failed' };
  if (row) return { state: 'ready', row };
  // One already made that the device no longer holds (its storage was cleared).
  if (predictionId && row === null) return { state: 'failed' };
  return { state: 'running' };
}
