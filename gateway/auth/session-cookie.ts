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

/**
 * `Authorization: Bearer …` is this gateway's scheme; another (a proxy's Basic, say) is not
 * meant for us and leaves the cookie in charge. undefined when the request has no Bearer.
 */
function bearerOf(request: FastifyRequest): string | null | undefined {
  const auth = request.headers.authorization;
  if (!auth || !/^Bearer(\s|$)/i.test(auth)) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] ?? null;
}

/** Whether the request signs in with a Bearer token rather than the cookie. */
export function sentAsBearer(request: FastifyRequest): boolean {
  return bearerOf(request) !== undefined;
}

/** The session token of a request: `Authorization: Bearer` (non-browser clients) or the cookie. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const bearer = bearerOf(request);
  if (bearer !== undefined) return bearer;
  return request.cookies[SESSION_COOKIE] ?? null;
}
