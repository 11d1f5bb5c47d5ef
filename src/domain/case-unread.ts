/*
 * Unread replies on the device. The gateway says which cases are unread (the unread list, and a
 * flag on each list row); the device remembers when the user opened each case here, so a case
 * opened offline, or opened before the gateway heard of it, reads as read at once.
 */

/** One of the gateway's answers that called a case unread. */
export interface UnreadFlag {
  /** When the answer was fetched (epoch ms, this device's clock). */
  at: number;
  /** The newest entry by someone else, when the answer says (epoch ms). */
  latest?: number;
}

/**
 * Whether a flag still stands after the user opened the case at `readAt`: opening it after the
 * answer was fetched, or after its newest reply, showed everything the flag was about.
 */
export function flagStands(flag: UnreadFlag, readAt: number | undefined): boolean {
  if (readAt === undefined) return true;
  return readAt < flag.at && (flag.latest === undefined || readAt < flag.latest);
}

/** What the screens know of unread cases: the gateway's list and this device's openings. */
export interface UnreadState {
  /** The gateway's unread cases, by id. */
  flagged: ReadonlyMap<string, UnreadFlag>;
  /** How many the gateway counted (it may name fewer than it counts). */
  count: number;
  /** When the user opened each case on this device. */
  reads: ReadonlyMap<string, number>;
}

export const NO_UNREAD: UnreadState = { flagged: new Map(), count: 0, reads: new Map() };

/** A list row as the unread rule needs it. */
export interface UnreadRow {
  id: string;
  /** The gateway's flag on the row (absent on rows kept from before it had one). */
  unread?: boolean;
  lastActivityAt?: string | number;
}

const epoch = (at: string | number | undefined) =>
  at === undefined ? undefined : typeof at === 'number' ? at : Date.parse(at) || undefined;

/**
 * Whether a row is unread: the gateway's unread list or the row's own flag (fetched with its
 * list at `listAt`) says so, and the user has not opened the case since.
 */
export function rowIsUnread(row: UnreadRow, state: UnreadState, listAt?: number): boolean {
  const readAt = state.reads.get(row.id);
  const listed = state.flagged.get(row.id);
  if (listed && flagStands(listed, readAt)) return true;
  if (!row.unread || listAt === undefined) return false;
  return flagStands({ at: listAt, latest: epoch(row.lastActivityAt) }, readAt);
}

/** The count on the Support tab and in the app badge: the gateway's, less those opened since. */
export function unreadCount(state: UnreadState): number {
  let cleared = 0;
  for (const [id, flag] of state.flagged) {
    if (!flagStands(flag, state.reads.get(id))) cleared++;
  }
  return Math.max(0, state.count - cleared);
}
