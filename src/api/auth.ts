import {
  authConfigSchema,
  sessionResponseSchema,
  type AuthConfig,
  type SessionResponse,
} from '../../contract/auth';
import { apiRequest, apiSend } from './client';

let authConfig: Promise<AuthConfig> | null = null;

/** The sign-in settings; asked once per page load (a failed ask is retried next time). */
export function getAuthConfig(): Promise<AuthConfig> {
  authConfig ??= apiRequest('/api/v1/auth/config', {
    schema: authConfigSchema,
    renewOn401: false,
  }).catch((error: unknown) => {
    authConfig = null;
    throw error;
  });
  return authConfig;
}

/** Trades the provider's ID token for the gateway's session cookie. */
export function createSession(idToken: string): Promise<SessionResponse> {
  return apiRequest('/api/v1/auth/session', {
    schema: sessionResponseSchema,
    method: 'POST',
    body: { idToken },
    renewOn401: false,
  });
}

/** The current session (user and end), or ApiError 401. Asked without renewal: 401 means /login. */
export function getSession(): Promise<SessionResponse> {
  return apiRequest('/api/v1/auth/session', {
    schema: sessionResponseSchema,
    renewOn401: false,
  });
}

export function endSession(): Promise<void> {
  return apiSend('/api/v1/auth/logout', { method: 'POST', renewOn401: false });
}
