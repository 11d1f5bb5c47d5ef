import type { SessionResponse, User } from '../../contract';
import { createSession, getSession } from '../api/auth';
import { setSessionRenewer } from '../api/client';
import { ApiError } from '../api/errors';
import { endSessionOrRemember, settlePendingLogout } from '../api/logout-pending';
import { forgetSessionHint, maySessionBeAlive, rememberSessionUntil } from '../api/session-hint';
import { signInPrompt } from '../api/sign-in-prompt';
import { db } from '../db/db';
import { COLOR_SCHEME_KEY } from './color-scheme-key';
import { afterFirstScreen } from './first-screen';
import { dropHomeSnapshot, followSession } from './home-snapshot';

export type SessionStatus = 'signed-in' | 'signed-out';

let known: SessionStatus | null = null;
let checking: Promise<SessionStatus> | null = null;
const listeners = new Set<(status: SessionStatus) => void>();

function setStatus(status: SessionStatus) {
  const changed = known !== status;
  known = status;
  if (changed) for (const l of listeners) l(status);
}

/** What is known of the session so far (null before the first check has answered). */
export function knownSessionStatus(): SessionStatus | null {
  return known;
}

/** Called when the session ends behind the app's back (a background check got 401). */
export function onSessionStatus(listener: (status: SessionStatus) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Stores what the gateway said of the session: the user (for offline screens) and the
 * session's end, which slides with use and bounds how long an offline start trusts it.
 */
export async function storeSession(res: SessionResponse): Promise<void> {
  followSession(res.user.id, Date.parse(res.expiresAt));
  rememberSessionUntil(Date.parse(res.expiresAt));
  await db.transaction('rw', db.profile, db.session, async () => {
    await db.profile.put({ key: 'me', user: res.user, syncedAt: Date.now() });
    await db.session.put({
      key: 'current',
      userId: res.user.id,
      expiresAt: Date.parse(res.expiresAt),
    });
  });
}

export async function saveSession(res: SessionResponse): Promise<void> {
  await storeSession(res);
  setStatus('signed-in');
}

/**
 * Deletes the signed-in profile, the session marker and the Home snapshot, and nothing else
 * (the outbox stays).
 */
async function clearLocalSession(): Promise<void> {
  dropHomeSnapshot();
  forgetSessionHint();
  await db.transaction('rw', db.profile, db.session, async () => {
    await db.profile.delete('me');
    await db.session.delete('current');
  });
}

async function hasValidLocalSession(): Promise<boolean> {
  const [profile, marker] = await Promise.all([db.profile.get('me'), db.session.get('current')]);
  return (
    !!profile && !!marker && marker.userId === profile.user.id && marker.expiresAt > Date.now()
  );
}

/** Asks the gateway; on 401 the local session goes. Network errors are passed on. */
async function askGateway(): Promise<SessionStatus> {
  try {
    await storeSession(await getSession());
    return 'signed-in';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await clearLocalSession();
      return 'signed-out';
    }
    throw error;
  }
}

async function resolveSession(): Promise<SessionStatus> {
  // A Log Out made offline is paid first; until it is, no cookie is trusted.
  if (!(await settlePendingLogout())) return 'signed-out';
  if (await hasValidLocalSession()) {
    // Render from the device at once (offline start) and confirm with the gateway behind it,
    // once the first screen has painted and there is a connection to ask over: asked offline,
    // it fails in the console.
    const confirm = () => void askGateway().then(setStatus, () => undefined);
    if (navigator.onLine) void afterFirstScreen().then(confirm);
    else window.addEventListener('online', confirm, { once: true });
    return 'signed-in';
  }
  // No session this device knows of, or only one that has ended: asking would answer 401, an
  // error in the console on every signed-out start. Sign-in is one click away on /login.
  if (!maySessionBeAlive()) {
    await clearLocalSession();
    return 'signed-out';
  }
  try {
    return await askGateway();
  } catch {
    // Offline (or the gateway failing) and no valid local session: sign in first.
    return 'signed-out';
  }
}

/** The route guard's question: is someone signed in? Answered once per page load, then kept. */
export function ensureSession(): Promise<SessionStatus> {
  if (known) return Promise.resolve(known);
  checking ??= resolveSession()
    .then((status) => {
      setStatus(status);
      return status;
    })
    .finally(() => {
      checking = null;
    });
  return checking;
}

/** /login after the provider's redirect: ID token in, gateway session out. */
export async function completeSignIn(idToken: string): Promise<User> {
  await settlePendingLogout();
  const res = await createSession(idToken);
  await saveSession(res);
  return res.user;
}

let renewing: Promise<void> | null = null;

/**
 * What the fetch wrapper does on a 401: renew silently with the provider; when that is not
 * possible, ask the user (modal, popup) and wait. Concurrent 401s share one renewal. Rejects
 * when the user declines the prompt.
 */
export async function renewSession(): Promise<void> {
  renewing ??= (async () => {
    let idToken: string;
    try {
      // The provider's client loads only now: the first screen does not need it.
      const { renewIdTokenSilently } = await import('../api/identity');
      idToken = await renewIdTokenSilently();
    } catch {
      idToken = await signInPrompt.request();
    }
    await saveSession(await createSession(idToken));
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

export function installSessionRenewal(): void {
  setSessionRenewer(renewSession);
}

function clearWebStorage() {
  const scheme = localStorage.getItem(COLOR_SCHEME_KEY);
  localStorage.clear();
  if (scheme !== null) localStorage.setItem(COLOR_SCHEME_KEY, scheme);
  sessionStorage.clear();
}

/**
 * Log Out (Settings and the session timer): end the gateway session, forget the provider's
 * tokens without visiting the provider, clear web storage but the colour scheme, and delete
 * the profile and session marker. Other tables (recent history, the outbox) stay on the
 * device, bound to their owner. Never throws: the user is signed out locally whatever happens.
 */
export async function signOut(): Promise<void> {
  // A client never loaded holds no tokens; one that cannot load now cannot hold any either.
  await import('../api/identity').then(
    ({ clearIdentityCache }) => clearIdentityCache(),
    () => undefined,
  );
  clearWebStorage();
  // After clearing web storage: an unreachable gateway leaves a marker there.
  await endSessionOrRemember();
  await clearLocalSession().catch(() => undefined);
  setStatus('signed-out');
}
