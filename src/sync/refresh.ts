import { getRemoteConfig } from '../api/config';
import { getSession } from '../api/auth';
import { db } from '../db/db';
import { storeSession } from './session';

/**
 * Fetches the profile and the remote configuration and writes them to Dexie; screens
 * re-render through their live queries. Offline it does nothing and the cached rows stay.
 */
export async function refreshConfig(): Promise<void> {
  try {
    const config = await getRemoteConfig();
    await db.config.put({ key: 'remote', config, syncedAt: Date.now() });
  } catch {
    // Offline or gateway down: keep the cached configuration.
  }
}

export async function refreshProfile(): Promise<void> {
  try {
    await storeSession(await getSession());
  } catch {
    // Offline: the stored profile stays; a 401 is the session guard's business.
  }
}

export async function refreshShell(): Promise<void> {
  await Promise.all([refreshConfig(), refreshProfile()]);
}
