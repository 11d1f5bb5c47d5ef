import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { User } from '../../contract/user';
import type { GatewayConfig } from '../config';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { touchSession } from '../services/sessions';
import { findUserById } from '../services/users';
import { sentAsBearer, sessionTokenOf, setSessionCookie } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guards below; null on public routes. */
    user: User | null;
    /** When the request's session ends unless used again (set with user). */
    sessionExpiresAt: Date | null;
  }
}

export interface Guards {
  /** 401 without a valid session; sets request.user and slides the session. */
  requireUser: onRequestAsyncHookHandler;
  /** requireUser, then 403 for external users (product §6: the gateway enforces roles itself). */
  requireInternal: onRequestAsyncHookHandler;
  /** requireUser, then 403 unless the user record has the admin role. */
  requireAdmin: onRequestAsyncHookHandler;
}

export function createGuards(db: Kysely<Database>, config: GatewayConfig): Guards {
  const ttlMs = config.sessionTtlHours * 3_600_000;

  async function resolve(request: FastifyRequest, reply: FastifyReply): Promise<User> {
    if (request.user) return request.user;
    const token = sessionTokenOf(request);
    const session = token ? await touchSession(db, token, ttlMs) : undefined;
    const user = session && (await findUserById(db, session.userId));
    if (!token || !session || !user) throw new HttpError(401, 'Sign-in required');
    // The session slid: keep a browser's cookie alive as long as the server-side session.
    if (session.slid && !sentAsBearer(request)) {
      setSessionCookie(reply, config, token, session.expiresAt);
    }
    request.user = user;
    request.sessionExpiresAt = session.expiresAt;
    return user;
  }

  return {
    async requireUser(request, reply) {
      await resolve(request, reply);
    },
    async requireInternal(request, reply) {
      const user = await resolve(request, reply);
      if (user.kind !== 'internal') throw new HttpError(403, 'Only internal users may do this');
    },
    async requireAdmin(request, reply) {
      const user = await resolve(request, reply);
      if (!user.isAdmin) throw new HttpError(403, 'Only administrators may do this');
    },
  };
}
