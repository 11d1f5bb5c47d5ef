import { getRemoteConfig } from '../api/config';
import { getSession } from '../api/auth';
import { db } from '../db/db';
import { afterFirstScreen } from './first-screen';
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

/**
 * The shell's refresh of the remote configuration as a page opens. With a whole configuration
 * kept, it waits for the first screen's kept paint (sync/first-screen.ts): stored, its answer
 * re-renders the shell, which put a screen opened online behind the same screen offline.
 * Without one it goes at once: screens that show nothing until it arrives (the knowledge tabs,
 * the Installation Guides link) would wait with it.
 */
export async function refreshConfigAfterFirstScreen(): Promise<void> {
  const kept = await db.config.get('remote').catch(() => undefined);
  if (kept?.config.knowledge) await afterFirstScreen();
  await refreshConfig();
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
