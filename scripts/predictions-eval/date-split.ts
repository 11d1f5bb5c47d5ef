import type { ClaimEvidence } from '../../contract/predictions';

/*
 * The evaluation's cut by date of repair: the oldest 60 % to learn from, the next 20 % to
 * calibrate on, the newest 20 % to test. Where serials are given, a machine with claims in the
 * test set lends none to learning, so the engine is never tested on a machine it learnt
 * (its earlier claims might repeat the same words for the same fault).
 */

export interface DateSplit<T> {
  learn: T[];
  calibrate: T[];
  test: T[];
  /** Learning claims left out because their machine is in the test set. */
  leftOutForSerial: number;
}

const machineOf = (row: Pick<ClaimEvidence, 'model' | 'serial'>) =>
  row.serial ? `${row.model}\u0000${row.serial}` : null;

function byDate<T extends Pick<ClaimEvidence, 'date'>>(rows: readonly T[]): T[] {
  // Stable: claims of one day keep the file's order.
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (a.row.date < b.row.date ? -1 : a.row.date > b.row.date ? 1 : a.i - b.i))
    .map(({ row }) => row);
}

export function splitByDate<T extends Pick<ClaimEvidence, 'date' | 'model' | 'serial'>>(
  rows: readonly T[],
): DateSplit<T> {
  const sorted = byDate(rows);
  const learnEnd = Math.floor(sorted.length * 0.6);
  const calibrateEnd = Math.floor(sorted.length * 0.8);
  const test = sorted.slice(calibrateEnd);
  const tested = new Set(test.map(machineOf).filter((m) => m !== null));
  const older = sorted.slice(0, learnEnd);
  const learn = older.filter((row) => {
    const m = machineOf(row);
    return m === null || !tested.has(m);
  });
  return {
    learn,
    calibrate: sorted.slice(learnEnd, calibrateEnd),
    test,
    leftOutForSerial: older.length - learn.length,
  };
}

/**
 * The cut as the product learns: the test window [from, to) of the claims by date; the
 * calibration map fitted by an engine over the claims older than the 20 % before the window, on
 * those 20 %; then the engine learns from every claim older than the window (the gateway learns
 * from everything). Claims of a machine in the window lend none to either engine.
 */
export interface ProductSplit<T> extends DateSplit<T> {
  /** What the engine that fits the calibration learns from. */
  fitOn: T[];
}

export function splitAsProduct<T extends Pick<ClaimEvidence, 'date' | 'model' | 'serial'>>(
  rows: readonly T[],
  window: { from: number; to: number } = { from: 0.8, to: 1 },
  calibrateShare = 0.2,
): ProductSplit<T> {
  const sorted = byDate(rows);
  // A hair over the share, so 0.6 - 0.2 cuts where 0.4 does.
  const at = (share: number) => Math.floor(sorted.length * Math.min(1, Math.max(0, share)) + 1e-9);
  const testStart = at(window.from);
  const calibrateStart = at(window.from - calibrateShare);
  const test = sorted.slice(testStart, at(window.to));
  const tested = new Set(test.map(machineOf).filter((m) => m !== null));
  const kept = (row: T) => {
    const m = machineOf(row);
    return m === null || !tested.has(m);
  };
  const older = sorted.slice(0, testStart);
  const learn = older.filter(kept);
  return {
    fitOn: sorted.slice(0, calibrateStart).filter(kept),
    learn,
    calibrate: sorted.slice(calibrateStart, testStart),
    test,
    leftOutForSerial: older.length - learn.length,
  };
}
