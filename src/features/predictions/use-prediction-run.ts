import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { PredictionRow } from '../../db/schema';
import { createPrediction } from '../../sync/prediction-create';
import { readPrediction } from '../../sync/predictions';

export interface PredictionRunInput {
  ownerUserId: string;
  model: string;
  serial: string;
  symptom: string;
  caseId: string | null;
  /** A prediction already made for this symptom (kept by the wizard): read, not made again. */
  predictionId: string | null;
  onPredicted: (id: string) => void;
}

export type PredictionRun =
  { state: 'running' } | { state: 'failed' } | { state: 'ready'; row: PredictionRow };

/**
 * Makes the prediction once for the symptom (online the gateway ranks; offline the device does
 * and the prediction waits in the outbox), then reads it from the device, so it shows the same
 * whichever ranked it and is still there after a reload.
 */
export function usePredictionRun(input: PredictionRunInput): PredictionRun {
  const { ownerUserId, model, serial, symptom, caseId, predictionId } = input;
  const [madeId, setMadeId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const started = useRef<string | null>(null);
  const onPredicted = useRef(input.onPredicted);
  onPredicted.current = input.onPredicted;

  useEffect(() => {
    const key = `${model}|${serial}|${symptom}|${caseId ?? ''}`;
    if (predictionId || started.current === key) return;
    started.current = key;
    setFailed(false);
    createPrediction({ ownerUserId, modelNumber: model, serialNumber: serial, symptom, caseId })
      .then(({ id }) => {
        setMadeId(id);
        onPredicted.current(id);
      })
      .catch(() => setFailed(true)); // product §8: buttons disabled, no-predictions warning
  }, [ownerUserId, model, serial, symptom, caseId, predictionId]);

  const id = predictionId ?? madeId;
  const row = useLiveQuery(
    async () => (id ? ((await readPrediction(ownerUserId, id)) ?? null) : null),
    [ownerUserId, id],
  );
  if (failed) return { state: 'failed' };
  if (row) return { state: 'ready', row };
  // A kept id whose prediction is gone from the device (storage cleared): nothing to show.
  if (predictionId && row === null) return { state: 'failed' };
  return { state: 'running' };
}
