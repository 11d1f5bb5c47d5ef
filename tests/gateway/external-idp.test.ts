import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { authConfigSchema, sessionResponseSchema } from '../../contract/auth';
import { userSchema } from '../../contract/user';
import { buildApp } from '../../gateway/app';
import { atPublicAddress, lanes, openGateway, PUBLIC_URL, type TestGateway } from './harness';
import {
  COMPANY_CLIENT_ID,
  OTHER_CLIENT_ID,
  startCompanyIdp,
  type CompanyIdp,
} from './company-idp';
import { CookieJar } from './oidc-flow';

/** The company directory: opaque subs, and the claims a real IdP would send for each. */
const ACCOUNTS = [
  // Matched on email.
  {
    sub: 'c-0001',
    claims: {
      email: 'sam.staff@torque.example',
      email_verified: true,
      preferred_username: 'sstafford@corp.example',
      name: 'Sam Stafford',
    },
  },
  // No email claim; matched on preferred_username, case-insensitively.
  { sub: 'c-0002', claims: { preferred_username: 'Dana.Tech@Northfield.example' } },
  // Entra ID style: only upn.
  { sub: 'c-0003', claims: { upn: 'eli.tech@riverbend.example' } },
  // A real company account that the gateway does not know.
  { sub: 'c-0004', claims: { email: 'nobody@torque.example', email_verified: true } },
  // Claims sam's address, but the IdP says it is not verified: no match on it.
  {
    sub: 'c-0005',
    claims: { email: 'sam.staff@torque.example', email_verified: false, preferred_username: 'm' },
  },
];

describe.each(lanes)('external identity provider on $name', (lane) => {
  let idp: CompanyIdp;
  let gw: TestGateway;
  let idpStopped = false;

  beforeAll(async () => {
    idp = await startCompanyIdp(ACCOUNTS, `${PUBLIC_URL}/login`);
    gw = await openGateway(lane, { OIDC_AUTHORITY: idp.issuer, OIDC_CLIENT_ID: COMPANY_CLIENT_ID });
  });
  afterAll(async () => {
    await gw?.close();
    if (idp && !idpStopped) await idp.close();
  });

  const exchange = (idToken: string, app = gw.app) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/session', payload: { idToken } });

  /** An ID token made with jose: by default a valid one for sam, signed with the IdP's key. */
  async function forge(
    claims: Record<string, unknown> = {},
    key: JWK = idp.signingKey,
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    // The whole payload in one object: SignJWT's setters would override the test's claims.
    return new SignJWT({
      iss: idp.issuer,
      aud: COMPANY_CLIENT_ID,
      sub: 'c-0001',
      iat: now,
      exp: now + 600,
      // Every minted token is distinct: the gateway takes an ID token once only.
      jti: randomUUID(),
      email: 'sam.staff@torque.example',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .sign(await importJWK(key, 'RS256'));
  }

  async function strangerKey(kid: string): Promise<JWK> {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  }

  async function expectSessionFor(idToken: string, username: string, kind: string) {
    const res = await exchange(idToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionResponseSchema.parse(res.json()).user.username).toBe(username);
    const jar = new CookieJar();
    jar.take(res);
    const me = await gw.app.inject({
      url: '/api/v1/me',
      headers: { cookie: `torque_session=${jar.get('torque_session')}` },
    });
    expect(me.statusCode).toBe(200);
    expect(userSchema.parse(me.json())).toMatchObject({ username, kind });
  }

  async function expectRefused(idToken: string, message = 'The ID token was refused') {
    const res = await exchange(idToken);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message });
    expect(res.headers['set-cookie']).toBeUndefined();
  }

  it('hands the PWA the company authority, without discovery metadata', async () => {
    const res = await gw.app.inject({ url: '/api/v1/auth/config' });
    expect(res.statusCode).toBe(200);
    const config = authConfigSchema.parse(res.json());
    expect(config).toMatchObject({
      clientId: COMPANY_CLIENT_ID,
      authority: idp.issuer,
      knownAuthorities: [idp.host],
      authorityMetadata: null,
      redirectPath: '/login',
      postLogoutRedirectPath: '/logout',
    });
    expect(config.scopes).toEqual(['openid', 'profile', 'email']);
    // The IdP's discovery document has an end_session_endpoint: the logout page links to it.
    expect(config.endSessionUrl).toBe(`${idp.issuer}/session/end`);
  });

  it('does not mount the embedded provider', async () => {
    for (const [method, url] of [
      ['GET', '/oidc/.well-known/openid-configuration'],
      ['GET', '/oidc/jwks'],
      ['GET', '/oidc/auth?client_id=torque-pwa'],
      ['POST', '/oidc/token'],
    ] as const) {
      const res = await gw.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404 });
    }
  });

  it('signs sam in (internal) with an ID token from the code + PKCE flow, matched on email', async () => {
    const idToken = await idp.idTokenFor('c-0001');
    const claims = decodeJwt(idToken);
    expect(claims).toMatchObject({ iss: idp.issuer, aud: COMPANY_CLIENT_ID, sub: 'c-0001' });
    expect(claims.email).toBe('sam.staff@torque.example');
    await expectSessionFor(idToken, 'sam.staff@torque.example', 'internal');
  });

  it('signs dana in (external) on preferred_username, and eli on upn', async () => {
    await expectSessionFor(
      await idp.idTokenFor('c-0002'),
      'dana.tech@northfield.example',
      'external',
    );
    await expectSessionFor(
      await idp.idTokenFor('c-0003'),
      'eli.tech@riverbend.example',
      'external',
    );
  });

  it('refuses a valid token for a person the gateway does not know', async () => {
    await expectRefused(await idp.idTokenFor('c-0004'), 'This account has no access to the app');
    // An address the IdP marks unverified is not used to find the user.
    await expectRefused(await idp.idTokenFor('c-0005'), 'This account has no access to the app');
  });

  it('refuses tokens with a foreign signature, expired, for another client or issuer', async () => {
    // Sanity: the forged baseline is accepted, so each refusal below is for its one flaw.
    expect((await exchange(await forge())).statusCode).toBe(200);

    // Signed by another key: under the IdP's kid (bad signature) and under an unknown kid.
    await expectRefused(await forge({}, await strangerKey(idp.signingKey.kid!)));
    await expectRefused(await forge({}, await strangerKey('not-a-company-key')));
    // Expired (beyond the 30 s clock tolerance).
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expectRefused(await forge({ iat: past - 600, exp: past }));
    // Another client of the same IdP: a real token, but not issued to the gateway's client.
    const other = await idp.idTokenFor('c-0001', OTHER_CLIENT_ID);
    expect(decodeJwt(other).aud).toBe(OTHER_CLIENT_ID);
    await expectRefused(other);
    await expectRefused(await forge({ aud: 'someone-else' }));
    // Several audiences: azp must name the gateway's client.
    await expectRefused(await forge({ aud: [COMPANY_CLIENT_ID, OTHER_CLIENT_ID] }));
    await expectRefused(
      await forge({ aud: [COMPANY_CLIENT_ID, OTHER_CLIENT_ID], azp: OTHER_CLIENT_ID }),
    );
    expect(
      (
        await exchange(
          await forge({ aud: [COMPANY_CLIENT_ID, OTHER_CLIENT_ID], azp: COMPANY_CLIENT_ID }),
        )
      ).statusCode,
    ).toBe(200);
    // Another issuer, even with the right key.
    await expectRefused(await forge({ iss: 'http://127.0.0.1:1/elsewhere' }));
    await expectRefused('not-a-jwt');
  });

  it('accepts OIDC_AUTHORITY with a trailing slash', async () => {
    const config = { ...gw.config, oidcAuthority: `${idp.issuer}/` };
    const fresh = atPublicAddress(await buildApp(config, gw.started.db.kysely));
    try {
      expect((await exchange(await forge(), fresh)).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('answers 503 when the key set cannot be fetched', async () => {
    const fresh = atPublicAddress(await buildApp(gw.config, gw.started.db.kysely));
    try {
      idp.failJwks = true;
      const res = await exchange(await forge(), fresh);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toMatch(/identity provider cannot be reached/);
      idp.failJwks = false;
      // Nothing bad was cached: the next sign-in works.
      expect((await exchange(await forge(), fresh)).statusCode).toBe(200);
    } finally {
      idp.failJwks = false;
      await fresh.close();
    }
  });

  it('keeps verifying with cached keys when the IdP goes down; a fresh gateway answers 503', async () => {
    const idToken = await idp.idTokenFor('c-0001');
    await idp.close();
    idpStopped = true;

    // This gateway has the discovery document and the keys already.
    expect((await exchange(idToken)).statusCode).toBe(200);

    const fresh = atPublicAddress(await buildApp(gw.config, gw.started.db.kysely));
    try {
      const res = await exchange(idToken, fresh);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({
        statusCode: 503,
        message: 'The identity provider cannot be reached; try again shortly',
      });
      // The PWA can still read its sign-in settings (no end-session link without discovery).
      const config = await fresh.inject({ url: '/api/v1/auth/config' });
      expect(config.statusCode).toBe(200);
      expect(config.json()).toMatchObject({ authority: idp.issuer, endSessionUrl: null });
    } finally {
      await fresh.close();
    }
  });
});
