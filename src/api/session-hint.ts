/**
 * When the session this browser last stored ends: the login screen asks the gateway whether
 * someone is already signed in only while that may be so. Asking a visitor who never signed in
 * here answers 401, an error in the console on every visit to /login, where a real one would be
 * missed. localStorage: it must be readable before Dexie loads (the login screen).
 */
const KEY = 'torque-session-until';

export function rememberSessionUntil(expiresAt: number): void {
  try {
    localStorage.setItem(KEY, String(expiresAt));
  } catch {
    // Storage full: /login asks nothing, and the user signs in with one click more.
  }
}

export function forgetSessionHint(): void {
  localStorage.removeItem(KEY);
}

/** Whether a session stored here may still be running. */
export function maySessionBeAlive(now = Date.now()): boolean {
  return Number(localStorage.getItem(KEY)) > now;
}
