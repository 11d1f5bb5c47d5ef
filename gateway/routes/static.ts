import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sendError } from '../http/errors';
import { html, page } from '../html/page';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths the SPA fallback never answers: they belong to the API, the IdP and the link pages. */
const NOT_SPA = /^\/(api|oidc|links)(\/|$)/;

/**
 * The built PWA: hashed files under /assets/ are immutable; everything else (index.html,
 * sw.js, the manifest, registerSW.js) must revalidate so a new build reaches users.
 * Unknown GETs that accept HTML get index.html (client-side routes such as /login, /home).
 */
export async function staticRoutes(app: FastifyInstance, { config }: AppContext) {
  const root = config.staticDir;
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(res, path) {
        const rel = path.slice(root.length).replace(/\\/g, '/');
        res.header('cache-control', rel.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
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
      if (hasBuild) {
        reply.header('cache-control', REVALIDATE);
        return reply.sendFile('index.html');
      }
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
