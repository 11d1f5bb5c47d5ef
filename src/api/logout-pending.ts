import { endSession } from './auth';
import { ApiError } from './errors';

/**
 * A Log Out the gateway never heard of (offline, or the gateway down): the httpOnly session
 * cookie stays valid, and the next person to open the app on this device would be let in
 * as the previous user. So the device remembers it owes a logout and pays it before it trusts
 * a cookie again. localStorage: it must be readable before Dexie loads (the login screen).
 */
const KEY = 'torque-logout-pending';

export function markLogoutPending(): void {
  localStorage.setItem(KEY, '1');
}

export function isLogoutPending(): boolean {
  return localStorage.getItem(KEY) !== null;
}

/**
 * Ends the session a previous Log Out left open. True when nothing is owed any more (the
 * gateway answered, even 401); false while the gateway is still out of reach.
 */
export async function settlePendingLogout(): Promise<boolean> {
  if (!isLogoutPending()) return true;
  try {
    await endSession();
  } catch (error) {
    if (!(error instanceof ApiError)) return false;
  }
  localStorage.removeItem(KEY);
  return true;
}

/** Ends the gateway session now, or remembers that it must be ended. */
export async function endSessionOrRemember(): Promise<void> {
  try {
    await endSession();
  } catch (error) {
    if (!(error instanceof ApiError)) markLogoutPending();
  }
}
