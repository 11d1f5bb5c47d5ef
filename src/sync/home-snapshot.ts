/**
 * The last Home the signed-in user saw, kept so that public/paint-snapshot.js can paint it
 * before the app's code has loaded (docs/architecture.md "Performance targets": offline start). That
 * script reads this key and format, checks `expiresAt` as the route guard checks the local
 * session, and sanitises `html` with an allowlist before it shows anything.
 */
export const HOME_SNAPSHOT_KEY = 'torque-home-snapshot';

export interface HomeSnapshot {
  v: 1;
  userId: string;
  /** The local session's end: past it the script paints nothing. */
  expiresAt: number;
  /** #root's markup: the shell and Home. */
  html: string;
  /** Stylesheets the page had linked (same-origin /assets/ paths). */
  sheets: string[];
  /** Mantine's generated theme variables. */
  css: string;
}

function read(): HomeSnapshot | null {
  try {
    const raw = localStorage.getItem(HOME_SNAPSHOT_KEY);
    return raw ? (JSON.parse(raw) as HomeSnapshot) : null;
  } catch {
    return null;
  }
}

export function saveHomeSnapshot(snapshot: HomeSnapshot): void {
  try {
    localStorage.setItem(HOME_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full: the next start boots without a snapshot, nothing worse.
  }
}

export function dropHomeSnapshot(): void {
  localStorage.removeItem(HOME_SNAPSHOT_KEY);
}

/**
 * A session was stored: another user's snapshot goes at once (it must never be shown to the
 * wrong person); the same user's follows the session's sliding end.
 */
export function followSession(userId: string, expiresAt: number): void {
  const snapshot = read();
  if (!snapshot) return;
  if (snapshot.userId !== userId) dropHomeSnapshot();
  else if (snapshot.expiresAt !== expiresAt) saveHomeSnapshot({ ...snapshot, expiresAt });
}
