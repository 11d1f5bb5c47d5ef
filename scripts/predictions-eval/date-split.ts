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

export function splitByDate<T extends Pick<ClaimEvidence, 'date' | 'model' | 'serial'>>(
  rows: readonly T[],
): DateSplit<T> {
  // Stable: claims of one day keep the file's order.
  const sorted = rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (a.row.date < b.row.date ? -1 : a.row.date > b.row.date ? 1 : a.i - b.i))
    .map(({ row }) => row);
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
