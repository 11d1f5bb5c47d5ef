import type { ClaimEvidence } from './types';
import { createEngine, fitCalibration, type ClaimsEngine } from './index';

/** The newest share of the claims, by date of repair, that the probabilities are fitted on. */
const CALIBRATION_SHARE = 0.2;

/** Where the held-out claims start: the newest `CALIBRATION_SHARE` of `count`. */
export function calibrationCut(count: number): number {
  return Math.floor(count * (1 - CALIBRATION_SHARE));
}

/**
 * The engine as the gateway builds it: it learns from every claim (oldest first); its
 * probabilities are fitted on the newest claims as answered by an engine that learned only
 * from the older ones, so a 70 % answer is right about 70 % of the time on claims it has not
 * seen. The evaluation builds the engine it judges with this same function.
 */
export function buildEngine(claims: readonly ClaimEvidence[]): ClaimsEngine {
  const cut = calibrationCut(claims.length);
  if (cut === 0) return createEngine(claims);
  const calibration = fitCalibration(claims.slice(0, cut), claims.slice(cut));
  return createEngine(claims, { calibration });
}
