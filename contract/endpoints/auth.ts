import { z } from 'zod/mini';
import { authConfigSchema, sessionRequestSchema, sessionResponseSchema } from '../auth';
import { endpoint } from '../endpoint';
import { userSchema } from '../user';

/*
 * product §7 AuthSSO and the user record: signing in with the provider's ID token, the session
 * it opens (an httpOnly cookie) and the signed-in user. The sign-in screen imports this file:
 * it holds only zod/mini schemas.
 */

export const getAuthConfig = endpoint({
  method: 'GET',
  path: '/api/v1/auth/config',
  summary: 'The sign-in settings (msal): the provider, client id and redirect paths',
  access: 'anonymous',
  scope: 'public',
  responses: { 200: authConfigSchema },
});

export const createSession = endpoint({
  method: 'POST',
  path: '/api/v1/auth/session',
  summary:
    "Trades a verified ID token for the gateway's session cookie (API clients sending X-Torque-Client: api also get the token)",
  access: 'anonymous',
  scope: 'caller',
  body: sessionRequestSchema,
  responses: { 200: z.extend(sessionResponseSchema, { token: z.optional(z.string()) }) },
  errors: { 401: 'the ID token is not valid, or its user may not sign in' },
});

export const getSession = endpoint({
  method: 'GET',
  path: '/api/v1/auth/session',
  summary: 'The current session: its user and when it ends',
  access: 'user',
  scope: 'caller',
  responses: { 200: sessionResponseSchema },
});

export const endSession = endpoint({
  method: 'POST',
  path: '/api/v1/auth/logout',
  summary: 'Ends the session and clears its cookie',
  access: 'anonymous',
  scope: 'caller',
  responses: { 204: null },
});

export const getMe = endpoint({
  method: 'GET',
  path: '/api/v1/me',
  summary: 'The signed-in user',
  access: 'user',
  scope: 'caller',
  responses: { 200: userSchema },
});
