/*
 * product §8: the one prediction message the outbox's status text shows, apart from the
 * prediction schemas (contract/predictions.ts), which the first screen does not load.
 */

/** product §8: the link of a prediction to the new case is refused. */
export const PREDICTION_LINK_FAILED_MESSAGE = 'Could not associate PPD object to the new Case';
