import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authConfigSchema,
  sessionRequestSchema,
  sessionResponseSchema,
  type AuthConfig,
} from '../../contract/auth';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../auth/session-cookie';
import { EMBEDDED_CLIENT_ID } from '../config';
import type { AppContext } from '../context';
import { endSession, signInWithIdToken } from '../services/sign-in';

const SCOPES = ['openid', 'profile', 'email'];

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { config, db, idp, verifier } = ctx;
  const ttlMs = config.sessionTtlHours * 3_600_000;

  /** product §7 AuthSSO: exchange a verified ID token for the gateway's session. */
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = { access: 'anonymous', scope: 'caller' } as const;

  api.post(
    '/api/v1/auth/session',
    { config: anonymous, schema: { body: sessionRequestSchema } },
    async (request, reply) => {
      const { user, token, expiresAt } = await signInWithIdToken(
        { db, verifier, embeddedIdp: idp !== null, sessionTtlMs: ttlMs, log: request.log },
        request.body.idToken,
      );
      setSessionCookie(reply, config, token, expiresAt);
      reply.header('cache-control', 'no-store');
      const body = sessionResponseSchema.parse({ user, expiresAt: expiresAt.toISOString() });
      // Browsers never see the token (httpOnly cookie); API clients ask for it explicitly.
      return request.headers['x-torque-client'] === 'api' ? { ...body, token } : body;
    },
  );

  /**
   * The current session and when it ends. The PWA keeps that end on the device: it is how
   * long an offline start may trust the session, and sessions slide with use.
   */
  app.get(
    '/api/v1/auth/session',
    { config: { access: 'user', scope: 'caller' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sessionResponseSchema.parse({
        user: request.user,
        expiresAt: request.sessionExpiresAt!.toISOString(),
      });
    },
  );

  app.post('/api/v1/auth/logout', { config: anonymous }, async (request, reply) => {
    await endSession(db, sessionTokenOf(request));
    clearSessionCookie(reply, config);
    return reply.code(204).send();
  });

  let embeddedConfig: Promise<AuthConfig> | null = null;
  app.get(
    '/api/v1/auth/config',
    { config: { access: 'anonymous', scope: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      if (!idp) {
        const authority = config.oidcAuthority!;
        // Best effort: without the IdP's discovery document the logout page just has no link.
        const endSessionUrl = await verifier.endSessionEndpoint?.().catch(() => null);
        return authConfigSchema.parse({
          clientId: config.oidcClientId,
          authority,
          knownAuthorities: [new URL(authority).host],
          authorityMetadata: null,
          scopes: SCOPES,
          redirectPath: '/login',
          postLogoutRedirectPath: '/logout',
          endSessionUrl: endSessionUrl ?? null,
        });
      }
      embeddedConfig ??= embeddedAuthConfig(app, ctx).catch((err: unknown) => {
        embeddedConfig = null;
        throw err;
      });
      return embeddedConfig;
    },
  );
}

/**
 * msal refuses an http authority, so on plain-http installs it gets an https alias it never
 * fetches, plus the provider's real discovery document (endpoints stay http).
 */
async function embeddedAuthConfig(app: FastifyInstance, { idp }: AppContext): Promise<AuthConfig> {
  const issuer = new URL(idp!.issuer);
  const res = await app.inject({
    method: 'GET',
    url: '/oidc/.well-known/openid-configuration',
    headers: { host: issuer.host, 'x-forwarded-proto': issuer.protocol.replace(':', '') },
  });
  if (res.statusCode !== 200) throw new Error(`discovery answered ${res.statusCode}`);
  const discovery = res.json<{ end_session_endpoint?: string }>();
  return authConfigSchema.parse({
    clientId: EMBEDDED_CLIENT_ID,
    authority: idp!.issuer.replace(/^http:/, 'https:'),
    knownAuthorities: [issuer.host],
    authorityMetadata: res.body,
    scopes: SCOPES,
    redirectPath: '/login',
    postLogoutRedirectPath: '/logout',
    endSessionUrl: discovery.end_session_endpoint ?? null,
  });
}
