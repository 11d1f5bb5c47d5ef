/**
 * Checks every request passes before any route sees it, so a route written tomorrow is held
 * to them without remembering to:
 *
 * - Text PostgreSQL cannot store (a NUL) or that is not Unicode (a lone UTF-16 surrogate,
 *   which breaks a jsonb write) is refused with 400, wherever it hides: path parameters,
 *   query string, JSON body (keys and values, at any depth). Refused here, it never becomes
 *   a 500 that an outbox client would retry forever.
 * - A state-changing request a browser marks as coming from another site (Origin or
 *   Sec-Fetch-Site) is refused with 403: the session cookie's SameSite=Strict is not the
 *   only defence against cross-site request forgery.
 * - A body nested deeper than MAX_JSON_DEPTH is refused with 400 before any code walks it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError, UNSTORABLE_TEXT_MESSAGE } from './errors';
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP_MESSAGE } from './json-depth';

export const CROSS_SITE_MESSAGE = 'Requests from another site are not accepted';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A NUL, or a UTF-16 surrogate without its other half. */
const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(s: string): boolean {
  return BAD_TEXT.test(s);
}

/** Whether any string in the value (keys included) is bad text; iterative, so depth is free. */
export function holdsBadText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (badText(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (badText(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

function ownOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  const origins = new Set([new URL(publicUrl).origin]);
  // The Host a browser sent cannot be chosen by another site's page.
  const host = request.headers.host;
  if (host) origins.add(`${request.protocol}://${host}`);
  return origins;
}

/** Whether the browser says this request comes from another site. */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return !ownOrigins(request, publicUrl).has(origin);
}

export function installEdgeChecks(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request, publicUrl)) return sendError(reply, 403, CROSS_SITE_MESSAGE);
  });
  // preValidation: after the access check (401/403 first) and body parsing, before the schemas.
  app.addHook('preValidation', async (request, reply) => {
    if (nestsDeeperThan(request.body, MAX_JSON_DEPTH)) {
      return sendError(reply, 400, TOO_DEEP_MESSAGE);
    }
    if (holdsBadText(request.params) || holdsBadText(request.query) || holdsBadText(request.body)) {
      return sendError(reply, 400, UNSTORABLE_TEXT_MESSAGE);
    }
  });
}
