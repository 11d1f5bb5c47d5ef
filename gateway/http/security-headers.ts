/**
 * Security headers on every response, the IdP's pages included (helmet writes them on the raw
 * response, which the hijacked /oidc routes keep).
 *
 * The Content-Security-Policy allows scripts from this origin only, plus the inline scripts of
 * the built index.html by their SHA-256 (the colour-scheme script that must run before first
 * paint); never eval. Styles may be inline: Mantine writes style attributes and <style>
 * elements, and the IdP's pages carry their own <style>.
 *
 * The one context that may eval is the photo worker: heic2any's decoder is libheif built by
 * Emscripten, whose bindings are made with `new Function`. Chromium runs a dedicated worker
 * under the policy of its own script's response (and a blob worker it starts under the
 * worker's), so that script alone is served with PHOTO_WORKER_CSP, which allows eval and
 * nothing else: no fetches, no frames, no other scripts than this origin's.
 *
 * No other site may frame the app (frame-ancestors 'self'). The app frames itself once: the
 * silent renewal loads the provider's authorize page in a hidden frame, which redirects to
 * /login; a service worker may answer that from its precache, so the exception cannot be
 * narrowed to a path. The camera and the microphone are allowed to the app itself (the QR and
 * barcode scanners, recorded machine sounds and clips), nothing else is.
 */
import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config';

export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' sources for every inline script of an HTML page, as CSP wants them. */
export function inlineScriptHashes(pageHtml: string): string[] {
  return [...pageHtml.matchAll(INLINE_SCRIPT)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

function originOf(url: string | null): string[] {
  if (!url || !/^https?:\/\//.test(url)) return [];
  return [new URL(url).origin];
}

/** The Content-Security-Policy directives, for a page whose inline scripts have these hashes. */
export function cspDirectives(
  config: GatewayConfig,
  scriptHashes: readonly string[],
): Record<string, string[]> {
  // A company identity provider: msal fetches its endpoints and may frame it for silent renewal.
  const idp = originOf(config.oidcAuthority);
  const attachments = originOf(config.knowledgeAttachmentBaseUrl);
  return {
    'default-src': ["'self'"],
    // Inline scripts stay refused: injected markup still cannot run.
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...attachments],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...idp, ...attachments],
    // Workers are built files; heic2any starts its own from a blob.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-src': ["'self'", ...idp],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
}

/** The built photo worker's script (Vite names it after src/workers/photo-prepare.worker.ts). */
export const PHOTO_WORKER_SCRIPT = /^\/assets\/photo-prepare\.worker-[\w-]+\.js(\.(br|gz))?$/;

/** The photo worker's own policy: this origin's scripts, eval, and heic2any's blob worker. */
export const PHOTO_WORKER_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-eval'; worker-src blob:";

/**
 * The policy of a JSON answer of the API: data, never a page, so nothing may load in it or frame
 * it. Stricter than the page's and a twelfth of its length, which every answer carries.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/;

/** The header value, for a response that overrides helmet's (index.html, hashed as sent). */
export function cspHeader(config: GatewayConfig, scriptHashes: readonly string[]): string {
  return Object.entries(cspDirectives(config, scriptHashes))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Registers helmet for the whole app. `indexHtml` is the built page when there is one: its
 * inline scripts' hashes go into every response's policy (the SPA fallback serves that page
 * under any path); the page itself is re-hashed when sent, so a rebuild under a running
 * gateway keeps working.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  config: GatewayConfig,
  indexHtml: string | null,
): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(config, indexHtml ? inlineScriptHashes(indexHtml) : []),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // On plain http (a local install) HSTS would mean nothing; behind https it pins https.
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
    // The embedded IdP's pages are same-origin; a company IdP is reached by redirect, not popup.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
  });
  app.addHook('onSend', async (request, reply) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (request.url.startsWith('/api/') && JSON_TYPE.test(type)) {
      reply.header('content-security-policy', API_CSP);
    }
  });
}
