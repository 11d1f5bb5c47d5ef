/** Sent entries are kept a week (dependants read their serverId, people read "Sent"). */
export const DONE_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
