/**
 * The gateway answers at one address, PUBLIC_URL. A request that names another host in its
 * Host header (the same server reached as 127.0.0.1 instead of localhost, a second DNS name, or
 * a name an attacker points at it: DNS rebinding) gets no answer of its own:
 *
 * - GET and HEAD are redirected (301) to the same path on PUBLIC_URL, so a person who typed the
 *   other address ends up where sign-in works: the policy's form-action 'self', the session
 *   cookie and the identity provider's redirect URIs all name PUBLIC_URL's origin.
 * - Every other method is refused (421 Misdirected Request): a write is never replayed at
 *   another origin, and a page served from a rebound name cannot make one.
 *
 * The health check and /metrics answer at any address: load balancers, containers and
 * Prometheus reach the process by its own IP.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getHealth } from '../../contract/endpoints/meta';
import { sendError } from './errors';

export const OTHER_HOST_MESSAGE = 'This server answers only at its public address';

const REDIRECTED = new Set(['GET', 'HEAD']);
const ANY_HOST: ReadonlySet<string> = new Set([getHealth.path, '/metrics']);

/** The Host as the URL standard writes it: lower case, without the scheme's default port. */
function normalHost(host: string, protocol: string): string | null {
  // A name, an IPv4 or bracketed IPv6 literal, and a port: nothing a URL parser would reinterpret.
  if (!/^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

function pathOf(request: FastifyRequest): string {
  const end = request.url.indexOf('?');
  return end === -1 ? request.url : request.url.slice(0, end);
}

export function installCanonicalHost(app: FastifyInstance, publicUrl: string): void {
  const canonical = new URL(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    // Behind a trusted proxy this is X-Forwarded-Host: the name the browser used.
    if (normalHost(request.host, canonical.protocol) === canonical.host) return;
    if (REDIRECTED.has(request.method) && ANY_HOST.has(pathOf(request))) return;
    if (!REDIRECTED.has(request.method)) return sendError(reply, 421, OTHER_HOST_MESSAGE);
    // Joined as text, never resolved as a URL: a path like //evil.example stays a path here.
    const path = request.url.startsWith('/') ? request.url : '/';
    // Not cached: the public address may change with the configuration.
    return reply.header('cache-control', 'no-store').redirect(`${canonical.origin}${path}`, 301);
  });
}
