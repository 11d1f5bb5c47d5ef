import type { Calibration, ClaimEvidence, PartsCombination } from '../contract/predictions';

/*
 * The prediction engine's public shapes. The engine is pure (no database, no DOM, no IO): the
 * gateway and the device's worker both build it from claim rows and ask it questions. The row
 * and answer shapes are the contract's, so what the gateway ships to the device is what the
 * engine reads.
 */

export type { Calibration, ClaimEvidence, PartsCombination };

/**
 * A row the engine learns from: a claim, or (on the device) one distinct symptom text standing
 * for `weight` claims that wrote it with the same causal part. Weight 1 when absent.
 */
export type EngineRow = ClaimEvidence & { weight?: number };

/**
 * How many claims use each term, and how strongly each points at one causal part
 * (term-focus.ts), over all the claims the engine's maker learned from: with them, an engine
 * over a share of the claims weighs words as the one over all of them does.
 */
export interface TermStatistics {
  claims: number;
  df: ReadonlyMap<string, number>;
  /** A term without a focus counts in full (1). */
  focus: ReadonlyMap<string, number>;
}

export interface PredictionQuery {
  model: string;
  /** The model's family when the caller knows it; otherwise learned from the rows, if at all. */
  family?: string | null;
  symptom: string;
}

export interface PredictionEngine {
  /** Ranked answers, best first, at most `limit` (default PREDICTION_ANSWERS_MAX). */
  predict(query: PredictionQuery, limit?: number): PartsCombination[];
  /** The score-to-probability map in use, to ship with the claims to the device. */
  readonly calibration: Calibration;
}
