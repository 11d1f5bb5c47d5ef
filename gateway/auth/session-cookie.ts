import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { SESSION_COOKIE } from '../services/sessions';

export { SESSION_COOKIE };

/** httpOnly + SameSite=Strict: page scripts never read it (product §4 Sign-in). */
export function setSessionCookie(
  reply: FastifyReply,
  config: GatewayConfig,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: GatewayConfig): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.publicUrl.startsWith('https:'),
  });
}

/** The session token of a request: `Authorization: Bearer` (non-browser clients) or the cookie. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return m?.[1] ?? null;
  }
  return request.cookies[SESSION_COOKIE] ?? null;
}
