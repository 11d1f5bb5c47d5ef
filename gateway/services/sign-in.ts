import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { User } from '../../contract/user';
import { IdTokenRefused, IdpUnavailable, type IdTokenVerifier } from '../auth/id-token';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { audit } from './audit';
import { claimIdToken } from './id-token-replay';
import { unregisterSessionDevices } from './push-devices';
import { createSession, deleteSession, hashToken } from './sessions';
import { findUserById, findUserByUsername } from './users';

export interface SignInSetup {
  db: Kysely<Database>;
  verifier: IdTokenVerifier;
  /** True with the embedded provider: its `sub` is our user id. */
  embeddedIdp: boolean;
  sessionTtlMs: number;
  log: FastifyBaseLogger;
}

export interface SignedIn {
  user: User;
  token: string;
  expiresAt: Date;
}

/**
 * product §7 AuthSSO: a verified, never-used ID token of a known user becomes a gateway
 * session. Refusals are audited and thrown as HttpError (401; 503 when the IdP is out of reach).
 */
export async function signInWithIdToken(setup: SignInSetup, idToken: string): Promise<SignedIn> {
  const { db, verifier } = setup;
  let claims;
  try {
    claims = await verifier.verify(idToken);
  } catch (err) {
    if (err instanceof IdpUnavailable) {
      // The company IdP's discovery or key set cannot be had: not the caller's fault.
      setup.log.error({ err }, 'ID token verification failed');
      throw new HttpError(503, 'The identity provider cannot be reached; try again shortly');
    }
    if (!(err instanceof IdTokenRefused)) throw err;
    await audit(db, 'token-refused', null, null, { reason: err.reason });
    throw new HttpError(401, 'The ID token was refused');
  }
  // exp is checked by the verifier; a token without one could not have passed.
  if (!(await claimIdToken(db, idToken, new Date(Number(claims.exp) * 1000)))) {
    await audit(db, 'token-refused', null, String(claims.sub), { reason: 'replayed' });
    throw new HttpError(401, 'The ID token was already used; sign in again');
  }
  // Embedded IdP: sub is our user id. A company IdP: match on its email / username claims
  // (an email the IdP itself marks unverified is not used).
  let user: User | undefined;
  if (setup.embeddedIdp) {
    user = await findUserById(db, String(claims.sub));
  } else {
    const email = claims.email_verified === false ? undefined : claims.email;
    for (const c of [email, claims.preferred_username, claims.upn]) {
      if (typeof c === 'string' && c) user = await findUserByUsername(db, c);
      if (user) break;
    }
  }
  if (!user) {
    await audit(db, 'token-refused', null, String(claims.sub), { reason: 'unknown user' });
    throw new HttpError(401, 'This account has no access to the app');
  }
  const { token, expiresAt } = await createSession(db, user.id, setup.sessionTtlMs);
  await audit(db, 'sign-in', user.id, user.username);
  return { user, token, expiresAt };
}

/** Log Out: ends the session the token names, if it is still alive (audited). */
export async function endSession(db: Kysely<Database>, token: string | null): Promise<void> {
  if (!token) return;
  const userId = await deleteSession(db, token);
  // The browser signed out is no longer this user's: the next person on it gets no pushes
  // meant for them.
  await unregisterSessionDevices(db, hashToken(token));
  if (userId) await audit(db, 'logout', userId, null);
}
