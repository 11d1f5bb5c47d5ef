import type { TorqueDb } from '../db/db';

/**
 * The user whose cookie the browser holds: the session marker and the stored profile must
 * agree. The outbox sends only this user's entries (the gateway would apply another user's
 * write as this user). Works in the page and in the service worker (no DOM).
 */
export async function signedInUserId(database: TorqueDb): Promise<string | null> {
  const [marker, profile] = await Promise.all([
    database.session.get('current'),
    database.profile.get('me'),
  ]);
  if (!marker || !profile || marker.userId !== profile.user.id) return null;
  return marker.userId;
}
