/**
 * The snapshot public/paint-snapshot.js paints before any module loads, seen from the app.
 * Kept apart from use-home-snapshot (which reads Dexie) so the first screen can release a
 * painted snapshot without loading the database.
 */
// Names shared with public/paint-snapshot.js, which paints before any module loads.
const PAINTED_ID = 'home-snapshot';
export const PAINTED_ATTR = 'data-snapshot';

/** Removes a painted snapshot and shows the app's own #root. */
export function releaseHomeSnapshot(): void {
  document.getElementById(PAINTED_ID)?.remove();
  document.querySelectorAll(`style[${PAINTED_ATTR}]`).forEach((s) => s.remove());
  document.documentElement.removeAttribute(PAINTED_ATTR);
}

export function homeSnapshotPainted(): boolean {
  return document.documentElement.hasAttribute(PAINTED_ATTR);
}
