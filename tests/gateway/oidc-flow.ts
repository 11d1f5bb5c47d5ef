import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PUBLIC_URL } from './harness';

/** A minimal cookie jar: name -> value, as a browser would send them back (paths ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: LightMyRequestResponse): void {
    const raw = res.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function pathOf(location: string): string {
  const u = new URL(location, PUBLIC_URL);
  return u.pathname + u.search;
}

export interface Authorization {
  /** The gateway's PUBLIC_URL: the host every request names, the PWA's redirect URI. */
  publicUrl: string;
  jar: CookieJar;
  interactionPath: string;
  verifier: string;
  state: string;
}

/** The /oidc/auth request with PKCE, as msal-browser sends it. */
export function authorizationRequest(publicUrl = PUBLIC_URL) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const q = new URLSearchParams({
    client_id: 'torque-pwa',
    response_type: 'code',
    redirect_uri: `${publicUrl}/login`,
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  });
  return { url: `/oidc/auth?${q}`, verifier, state };
}

const authorityOf = (publicUrl: string) => new URL(publicUrl).host;

/** Step 1: /oidc/auth; lands on the login interaction. */
export async function startAuthorization(
  app: FastifyInstance,
  publicUrl = PUBLIC_URL,
): Promise<Authorization> {
  const jar = new CookieJar();
  const { url, verifier, state } = authorizationRequest(publicUrl);
  const res = await app.inject({ method: 'GET', url, authority: authorityOf(publicUrl) });
  expect(res.statusCode, res.body).toBe(303);
  jar.take(res);
  const interactionPath = pathOf(res.headers.location as string);
  expect(interactionPath).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return { publicUrl, jar, interactionPath, verifier, state };
}

/** Posts the login form of an interaction. */
export function postCredentials(
  app: FastifyInstance,
  a: Authorization,
  email: string,
  password: string,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: `${a.interactionPath}/login`,
    authority: authorityOf(a.publicUrl),
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { cookie: a.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password }).toString(),
  });
}

/**
 * The whole authorization-code + PKCE flow through the provider's real endpoints: auth,
 * login page, credentials, resume, token. Returns the ID token (and the refresh token).
 */
export async function obtainIdToken(
  app: FastifyInstance,
  email: string,
  password = 'torque',
  publicUrl = PUBLIC_URL,
): Promise<{ idToken: string; refreshToken?: string }> {
  const a = await startAuthorization(app, publicUrl);
  const authority = authorityOf(publicUrl);
  const redirectUri = `${publicUrl}/login`;
  const page = await app.inject({
    method: 'GET',
    url: a.interactionPath,
    authority,
    headers: { cookie: a.jar.header() },
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Sign in');
  const login = await postCredentials(app, a, email, password);
  expect(login.statusCode, login.body).toBe(303);
  a.jar.take(login);
  let location = login.headers.location as string;
  // Resume (and any further provider hops) until the redirect to the PWA.
  for (let hop = 0; hop < 5 && !location.startsWith(redirectUri); hop++) {
    const res = await app.inject({
      method: 'GET',
      url: pathOf(location),
      authority,
      headers: { cookie: a.jar.header() },
    });
    expect([302, 303], res.body).toContain(res.statusCode);
    a.jar.take(res);
    location = res.headers.location as string;
  }
  const back = new URL(location);
  expect(back.origin + back.pathname).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe(a.state);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  const token = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    authority,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: redirectUri,
      client_id: 'torque-pwa',
      code_verifier: a.verifier,
    }).toString(),
  });
  expect(token.statusCode, token.body).toBe(200);
  const body = token.json<{ id_token: string; refresh_token?: string }>();
  return { idToken: body.id_token, refreshToken: body.refresh_token };
}

/**
 * Signs in through the provider and exchanges the ID token: returns the session cookie header.
 * `publicUrl`: the gateway's PUBLIC_URL when a test sets one of its own.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  publicUrl = PUBLIC_URL,
): Promise<string> {
  const { idToken } = await obtainIdToken(app, email, 'torque', publicUrl);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/session',
    authority: authorityOf(publicUrl),
    payload: { idToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  const jar = new CookieJar();
  jar.take(res);
  const session = jar.get('torque_session');
  expect(session).toBeTruthy();
  return `torque_session=${session}`;
}
