import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sendError } from '../http/errors';
import {
  cspHeader,
  inlineScriptHashes,
  PHOTO_WORKER_CSP,
  PHOTO_WORKER_SCRIPT,
} from '../http/security-headers';
import { brandIndexHtml, brandManifest } from '../html/branded-build';
import { html, page } from '../html/page';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths the SPA fallback never answers: they belong to the API, the IdP and the link pages. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/;

const NOT_SPA = /^\/(api|oidc|links)(\/|$)/;

/**
 * The built PWA: hashed files under /assets/ are immutable; everything else (index.html,
 * sw.js, the manifest, registerSW.js) must revalidate so a new build reaches users.
 * Unknown GETs that accept HTML get index.html (client-side routes such as /login, /home).
 * index.html and the manifest carry the configured product name, so they are rewritten on
 * the way out (read per request: a rebuild under a running gateway is picked up).
 */
export async function staticRoutes(app: FastifyInstance, { config }: AppContext) {
  const root = config.staticDir;
  const hasBuild = existsSync(join(root, 'index.html'));
  const sendIndex = async (reply: FastifyReply) => {
    const source = await readFile(join(root, 'index.html'), 'utf8');
    return reply
      .header('cache-control', REVALIDATE)
      .header('content-security-policy', cspHeader(config, inlineScriptHashes(source)))
      .type('text/html; charset=utf-8')
      .send(brandIndexHtml(source, config.productName));
  };
  if (hasBuild) {
    app.get('/', (_request, reply) => sendIndex(reply));
    app.get('/index.html', (_request, reply) => sendIndex(reply));
    app.get('/manifest.webmanifest', async (_request, reply) => {
      const file = join(root, 'manifest.webmanifest');
      if (!existsSync(file)) return sendError(reply, 404, 'The build has no web manifest');
      const source = await readFile(file, 'utf8');
      return reply
        .header('cache-control', REVALIDATE)
        .type('application/manifest+json')
        .send(brandManifest(source, config.productName));
    });
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // Source maps (and their compressed copies) answer 404 unless SERVE_SOURCE_MAPS says so.
      allowedPath: (path) => config.serveSourceMaps || !SOURCE_MAP.test(path),
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(res, path) {
        const rel = path.slice(root.length).replace(/\\/g, '/');
        res.header('cache-control', rel.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
        if (PHOTO_WORKER_SCRIPT.test(rel)) res.header('content-security-policy', PHOTO_WORKER_CSP);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml &&
      !NOT_SPA.test(path)
    ) {
      if (hasBuild) return sendIndex(reply);
      return reply
        .code(path === '/' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Not built',
            config.productName,
            html`<h1>The app is not built yet.</h1>
              <p>
                The gateway is running, but there is no PWA build in <code>${root}</code>. Run
                <code>npm run build</code> (or <code>npm start</code>, which builds first) and
                reload.
              </p>`,
          ),
        );
    }
    return sendError(reply, 404, `No such endpoint: ${request.method} ${path}`);
  });
}
