import type { AuthConfig, SessionResponse } from '../../contract/auth';
import * as auth from '../../contract/first-screen-answers';
import { callChecked } from './checked-call';
import { apiSend } from './client';

/*
 * The sign-in calls. Their answers are checked without zod (contract/first-screen-answers.ts
 * and sign-in-answers.ts, made from contract/endpoints/auth.ts): the first screen makes them.
 */

let authConfig: Promise<AuthConfig> | null = null;

/**
 * The sign-in settings; asked once per page load (a failed ask is retried next time). Only
 * signing in, renewing and logging out read them, so their check loads then.
 */
export function getAuthConfig(): Promise<AuthConfig> {
  authConfig ??= import('../../contract/sign-in-answers')
    .then(({ getAuthConfig: endpoint }) => callChecked(endpoint, { renewOn401: false }))
    .catch((error: unknown) => {
      authConfig = null;
      throw error;
    });
  return authConfig;
}

/**
 * Trades the provider's ID token for the gateway's session cookie. Only signing in reads a new
 * session, so its check loads then, not with the first screen.
 */
export async function createSession(idToken: string): Promise<SessionResponse> {
  const { createSession: endpoint } = await import('../../contract/sign-in-answers');
  return callChecked(endpoint, { body: { idToken }, renewOn401: false });
}

/** The current session (user and end), or ApiError 401. Asked without renewal: 401 means /login. */
export function getSession(): Promise<SessionResponse> {
  return callChecked(auth.getSession, { renewOn401: false });
}

export function endSession(): Promise<void> {
  return apiSend(auth.endSession.path, { method: auth.endSession.method, renewOn401: false });
}
