import type { Calibration, PartsCombination } from '../../contract/predictions';
import type { PredictionQuery } from '../../engine/types';

/** What the gateway asks the engine's thread (predictions-worker.ts). */
export type ToEngine =
  /** A page of claims as JSON text (ClaimEvidence[], in id order): cheap to hand over. */
  | { kind: 'claims'; json: string }
  | { kind: 'build' }
  | { kind: 'predict'; id: number; query: PredictionQuery; limit: number }
  | { kind: 'bundle'; id: number; models: string[] };

/** What the engine's thread answers: the build once, then each question by its id. */
export type FromEngine =
  | {
      kind: 'built';
      calibration: Calibration;
      /** Claims learned from, and claims left out because they break the contract's shape. */
      count: number;
      refused: number;
      newest: string | null;
    }
  | { kind: 'answer'; id: number; value: PartsCombination[] | string }
  | { kind: 'failed'; id: number | null; message: string };
