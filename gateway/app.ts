import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { allEndpoints } from '../contract/endpoints/index';
import { remoteVerifier } from './auth/id-token';
import { createGuards } from './auth/guards';
import { embeddedIssuer, type GatewayConfig } from './config';
import type { AppContext } from './context';
import type { Database } from './db/schema';
import { installAccess } from './http/access';
import { installCanonicalHost } from './http/canonical-host';
import { installCompression } from './http/compression';
import { installEdgeChecks } from './http/edge';
import { installFairUse } from './http/fair-use';
import { installRequestMetrics, newRequestId, RequestLogs } from './http/metrics';
import { installErrorHandler, sendError } from './http/errors';
import { installDeclarationCheck } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import { createEmbeddedIdp } from './idp/index';
import { authRoutes } from './routes/auth';
import { caseRoutes } from './routes/cases';
import { caseAssistRoutes } from './routes/case-assist';
import { changeRoutes } from './routes/changes';
import { contactRoutes } from './routes/contacts';
import { partsCatalogueRoutes } from './routes/parts-catalogue';
import { configRoutes } from './routes/config';
import { dcuRoutes } from './routes/dcu';
import { dealerRoutes } from './routes/dealers';
import { knowledgeRoutes } from './routes/knowledge';
import { linkRoutes } from './routes/links';
import { machineRoutes } from './routes/machines';
import { metaRoutes } from './routes/meta';
import { metricsRoutes } from './routes/metrics';
import { notificationRoutes } from './routes/notifications';
import { predictionRoutes } from './routes/predictions';
import { pushRoutes } from './routes/push';
import { pushFanout } from './routes/push-fanout';
import { staticRoutes } from './routes/static';
import { requestCountStore } from './services/request-counts';

/**
 * Builds the gateway on an open, migrated database. No port: main.ts listens, tests inject.
 */
export async function buildApp(
  config: GatewayConfig,
  db: Kysely<Database>,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Session tokens travel in these headers: never into the logs.
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    // One JSON line per request with its route template, status and user (http/metrics.ts).
    logController: new RequestLogs(),
    genReqId: newRequestId,
    bodyLimit: 1_048_576,
    // The IdP's interaction ids and the SPA's paths are long; default is 100.
    routerOptions: { maxParamLength: 500 },
    trustProxy: config.publicUrl.startsWith('https:'),
    // Errors Fastify raises before routing (a URL that does not decode) get our error body too.
    frameworkErrors: (err, _request, reply) => {
      void sendError(reply, 400, `The request URL is not valid: ${err.message}`);
    },
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpiresAt', null);
  // Before the host check, so a redirected request has its id and is counted too.
  installRequestMetrics(app);
  // First of the request hooks: a request for another host is answered before anything else.
  installCanonicalHost(app, config.publicUrl);
  installErrorHandler(app);
  // Routes declare their inputs as zod schemas; a mismatch is a 400 through the error handler.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifyCookie);
  // Every answer carries an ETag (a route may set its own, as stored files do) and a matching
  // If-None-Match is answered 304, so revalidating the configuration or a file costs no body.
  await app.register(fastifyEtag);
  await installCompression(app);

  const indexFile = join(config.staticDir, 'index.html');
  await installSecurityHeaders(
    app,
    config,
    existsSync(indexFile) ? await readFile(indexFile, 'utf8') : null,
  );
  installEdgeChecks(app, config.publicUrl);

  const issuer = embeddedIssuer(config);
  const idp = issuer ? await createEmbeddedIdp(config, db, issuer) : null;
  const verifier = idp ? idp.verifier : remoteVerifier(config.oidcAuthority!, config.oidcClientId!);
  const ctx: AppContext = {
    config,
    db,
    guards: createGuards(db, config),
    idp,
    verifier,
    pushes: pushFanout(app, db, config),
  };
  installAccess(app, ctx.guards);
  installDeclarationCheck(app, allEndpoints);
  // The embedded database opens in one process only, whose memory then counts every request
  // exactly; writing each count to it would cost about 4 ms of its one connection.
  await installFairUse(app, config, config.databaseUrl ? requestCountStore(db, app.log) : null);

  await app.register(metaRoutes, ctx);
  await app.register(authRoutes, ctx);
  await app.register(configRoutes, ctx);
  await app.register(dealerRoutes, ctx);
  await app.register(linkRoutes, ctx);
  await app.register(machineRoutes, ctx);
  await app.register(dcuRoutes, ctx);
  await app.register(knowledgeRoutes, ctx);
  await app.register(caseRoutes, ctx);
  await app.register(changeRoutes, ctx);
  await app.register(notificationRoutes, ctx);
  await app.register(pushRoutes, ctx);
  await app.register(contactRoutes, ctx);
  await app.register(caseAssistRoutes, ctx);
  await app.register(partsCatalogueRoutes, ctx);
  await app.register(predictionRoutes, ctx);
  await app.register(metricsRoutes, ctx);
  if (idp) await idp.register(app);
  // Last: its not-found handler is the SPA fallback and the JSON 404 of /api.
  await staticRoutes(app, ctx);
  return app;
}
