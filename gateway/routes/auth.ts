import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from '../../contract/auth';
import * as auth from '../../contract/endpoints/auth';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../auth/session-cookie';
import { EMBEDDED_CLIENT_ID } from '../config';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { endSession, signInWithIdToken } from '../services/sign-in';

const SCOPES = ['openid', 'profile', 'email'];

/** contract/endpoints/auth.ts: the session (product §7 AuthSSO) and the signed-in user. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { config, db, idp, verifier } = ctx;
  const ttlMs = config.sessionTtlHours * 3_600_000;

  route(app, auth.createSession, async (request, reply) => {
    const { user, token, expiresAt } = await signInWithIdToken(
      { db, verifier, embeddedIdp: idp !== null, sessionTtlMs: ttlMs, log: request.log },
      request.body.idToken,
    );
    setSessionCookie(reply, config, token, expiresAt);
    reply.header('cache-control', 'no-store');
    const body = { user, expiresAt: expiresAt.toISOString() };
    // Browsers never see the token (httpOnly cookie); API clients ask for it explicitly.
    return request.headers['x-torque-client'] === 'api' ? { ...body, token } : body;
  });

  /**
   * The current session and when it ends. The PWA keeps that end on the device: it is how
   * long an offline start may trust the session, and sessions slide with use.
   */
  route(app, auth.getSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.user!, expiresAt: request.sessionExpiresAt!.toISOString() };
  });

  route(app, auth.endSession, async (request, reply) => {
    await endSession(db, sessionTokenOf(request));
    clearSessionCookie(reply, config);
    return reply.code(204).send();
  });

  let embeddedConfig: Promise<AuthConfig> | null = null;
  route(app, auth.getAuthConfig, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (!idp) {
      const authority = config.oidcAuthority!;
      // Best effort: without the IdP's discovery document the logout page just has no link.
      const endSessionUrl = await verifier.endSessionEndpoint?.().catch(() => null);
      return {
        clientId: config.oidcClientId!,
        authority,
        knownAuthorities: [new URL(authority).host],
        authorityMetadata: null,
        scopes: SCOPES,
        redirectPath: '/login',
        postLogoutRedirectPath: '/logout',
        endSessionUrl: endSessionUrl ?? null,
      };
    }
    embeddedConfig ??= embeddedAuthConfig(app, ctx).catch((err: unknown) => {
      embeddedConfig = null;
      throw err;
    });
    return embeddedConfig;
  });

  /** product §7 "the user record" query and the IdP user-info call, folded into one endpoint. */
  route(app, auth.getMe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return request.user!;
  });
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
  return {
    clientId: EMBEDDED_CLIENT_ID,
    authority: idp!.issuer.replace(/^http:/, 'https:'),
    knownAuthorities: [issuer.host],
    authorityMetadata: res.body,
    scopes: SCOPES,
    redirectPath: '/login',
    postLogoutRedirectPath: '/logout',
    endSessionUrl: discovery.end_session_endpoint ?? null,
  };
}
