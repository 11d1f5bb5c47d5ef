import type { Calibration, ClaimEvidence, PartsCombination } from '../../contract/predictions';
import type { PredictionQuery } from '../../engine/types';

/** What the gateway asks the engine's thread (predictions-worker.ts). */
export type ToEngine =
  | { kind: 'build'; claims: ClaimEvidence[] }
  | { kind: 'predict'; id: number; query: PredictionQuery; limit: number }
  | { kind: 'bundle'; id: number; models: string[] };

/** What the engine's thread answers: the build once, then each question by its id. */
export type FromEngine =
  | { kind: 'built'; calibration: Calibration }
  | { kind: 'answer'; id: number; value: PartsCombination[] | ClaimEvidence[] }
  | { kind: 'failed'; id: number | null; message: string };
