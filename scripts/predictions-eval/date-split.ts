import type { ClaimEvidence } from '../../contract/predictions';

/*
 * The evaluation's cut by date of repair: a test window of the claims by date (the newest 20 %
 * unless told), and every claim older than it to learn from, as the gateway learns from
 * everything. The engine is then built as the gateway builds it (`buildEngine`), calibration
 * slice and all. Where serials are given, a machine with claims in the window lends none to
 * learning, so the engine is never tested on a machine it learnt (its earlier claims might
 * repeat the same words for the same fault).
 */

export interface DateSplit<T> {
  learn: T[];
  test: T[];
  /** Learning claims left out because their machine is in the test window. */
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
  window: { from: number; to: number } = { from: 0.8, to: 1 },
): DateSplit<T> {
  const sorted = byDate(rows);
  // A hair over the share, so 0.6 + 3 × 0.1 cuts where 0.9 does.
  const at = (share: number) => Math.floor(sorted.length * Math.min(1, Math.max(0, share)) + 1e-9);
  const testStart = at(window.from);
  const test = sorted.slice(testStart, at(window.to));
  const tested = new Set(test.map(machineOf).filter((m) => m !== null));
  const older = sorted.slice(0, testStart);
  const learn = older.filter((row) => {
    const m = machineOf(row);
    return m === null || !tested.has(m);
  });
  return { learn, test, leftOutForSerial: older.length - learn.length };
}
