/*
 * What the wizard gives the parts prediction step (product §2 Parts prediction step; §4 Wizard):
 * step 2 of the prediction flow. The step itself lives with the predictions screens; the wizard
 * (features/cases) holds the moves. Both import this, not each other.
 */

/** The machine the prediction is for: from the path, the device and the navigation state. */
export interface PredictionMachine {
  serial: string;
  model: string;
  pin: string;
  inventoryId: string | null;
  imei: string | null;
}

export interface PredictionStepProps {
  ownerUserId: string;
  machine: PredictionMachine;
  /** The wizard's Subject, as typed at step 1. */
  symptom: string;
  dtc: string;
  /** The case the prediction was started from: the step offers Link to Case, not Create Case. */
  caseId: string | null;
  /**
   * The prediction already made for this symptom, when the user came back to it (a reload, or
   * Previous from the case it led to): shown again rather than made anew. Null: the step makes
   * one.
   */
  predictionId: string | null;
  /** The prediction is made: the wizard keeps its id, so a reload shows it rather than redo it. */
  onPredicted: (predictionId: string) => void;
  /** Resubmit: back to the symptom, which is kept. */
  onResubmit: () => void;
  /**
   * Create Case: the wizard goes on as a case with the machine and the symptom filled in. The
   * prediction's id (null if none was made) is linked to the case once it exists.
   */
  onCreateCase: (predictionId: string | null) => void;
  /** Link to Case, once the link is queued: the wizard is done and opens the case. */
  onLinkedToCase: () => void;
}
