/*
 * Case lists sort by last activity, newest first, as the gateway sends them. A case updated on
 * this device and not yet sent counts the time of that update, so it rises to the top offline
 * just as it will once the gateway has it.
 */

export interface ActiveCase {
  id: string;
  /** ISO date-time from the gateway; absent on rows kept before it was sent. */
  lastActivityAt?: string;
}

/** Epoch ms of a case's last activity, the later of the gateway's and this device's. */
export function lastActivityOf(c: ActiveCase, local?: number): number {
  const remote = c.lastActivityAt ? Date.parse(c.lastActivityAt) : NaN;
  const at = Number.isNaN(remote) ? 0 : remote;
  return local !== undefined && local > at ? local : at;
}

/**
 * The rows newest activity first, ties by id (descending, as the gateway breaks them); a row
 * updated on this device later than the gateway knows carries that time as its last activity.
 * Returns the same array when nothing local moves a row, so the gateway's order is kept.
 */
export function byLastActivity<T extends ActiveCase>(
  rows: readonly T[],
  local: ReadonlyMap<string, number>,
): readonly T[] {
  if (local.size === 0 || !rows.some((r) => local.has(r.id))) return rows;
  return rows
    .map((row) => {
      const at = lastActivityOf(row, local.get(row.id));
      const shown =
        at > lastActivityOf(row) ? { ...row, lastActivityAt: new Date(at).toISOString() } : row;
      return { row: shown, at };
    })
    .sort((a, b) => b.at - a.at || (a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0))
    .map((x) => x.row);
}
