import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, generateKeyPair, importJWK, type JWK } from 'jose';
import { sessionResponseSchema } from '../../contract/auth';
import { userSchema } from '../../contract/user';
import { lanes, openGateway, PUBLIC_URL, type TestGateway } from './harness';
import { CookieJar, obtainIdToken, postCredentials, signIn, startAuthorization } from './oidc-flow';

const ISSUER = `${PUBLIC_URL}/oidc`;

describe.each(lanes)('sign-in on $name', (lane) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openGateway(lane);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('exchanges an ID token from the real code + PKCE flow for a session cookie', async () => {
    const { idToken, refreshToken } = await obtainIdToken(gw.app, 'dana.tech@northfield.example');
    const claims = decodeJwt(idToken);
    expect(claims.iss).toBe(ISSUER);
    expect(claims.aud).toBe('torque-pwa');
    expect(claims.email).toBe('dana.tech@northfield.example');
    expect(claims.name).toBe('Dana Whitfield');
    expect(refreshToken, 'refresh tokens are issued to the PWA').toBeTruthy();

    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/v1/auth/session',
      payload: { idToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = sessionResponseSchema.parse(res.json());
    expect(body.user.username).toBe('dana.tech@northfield.example');
    expect(res.json()).not.toHaveProperty('token');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^torque_session=[\w-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${12 * 3600}`);
    expect(setCookie).not.toContain('Secure');
    const jar = new CookieJar();
    jar.take(res);
    const token = jar.get('torque_session')!;

    const viaCookie = await gw.app.inject({
      url: '/api/v1/me',
      headers: { cookie: `torque_session=${token}` },
    });
    expect(viaCookie.statusCode).toBe(200);
    const me = userSchema.parse(viaCookie.json());
    expect(me).toMatchObject({
      username: 'dana.tech@northfield.example',
      accountName: 'Northfield Equipment',
      contactName: 'Dana Whitfield',
      contactEmail: 'dana.tech@northfield.example',
      kind: 'external',
    });
    expect(me.contactPhone).toBeTruthy();
    const viaBearer = await gw.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json()).toEqual(viaCookie.json());
  });

  it('takes an ID token once: a replay of the same token opens no second session', async () => {
    const { idToken } = await obtainIdToken(gw.app, 'eli.tech@riverbend.example');
    const exchange = () =>
      gw.app.inject({ method: 'POST', url: '/api/v1/auth/session', payload: { idToken } });
    expect((await exchange()).statusCode).toBe(200);
    const replay = await exchange();
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('The ID token was already used; sign in again');
    expect(replay.headers['set-cookie']).toBeUndefined();
    // A fresh token for the same user is fine.
    const again = await obtainIdToken(gw.app, 'eli.tech@riverbend.example');
    expect(
      (
        await gw.app.inject({
          method: 'POST',
          url: '/api/v1/auth/session',
          payload: { idToken: again.idToken },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('returns the token in the body only to API clients that ask for it', async () => {
    const { idToken } = await obtainIdToken(gw.app, 'eli.tech@riverbend.example');
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/v1/auth/session',
      headers: { 'x-torque-client': 'api' },
      payload: { idToken },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token).toMatch(/^[\w-]{43}$/);
    const me = await gw.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ username: 'eli.tech@riverbend.example' });
  });

  it.each([
    ['sam.staff@torque.example', 'internal', 'Corporate', 'STANDARD'],
    ['ada.admin@torque.example', 'internal', 'Corporate', 'STANDARD'],
    ['olga.oem@torque.example', 'internal', 'OEM Account', 'PowerPartner'],
    ['dana.tech@northfield.example', 'external', 'Dealer', 'PowerPartner'],
    ['eli.tech@riverbend.example', 'external', 'Dealer', 'PowerPartner'],
  ])('%s is %s', async (email, kind, recordType, userType) => {
    const cookie = await signIn(gw.app, email);
    const me = userSchema.parse(
      (await gw.app.inject({ url: '/api/v1/me', headers: { cookie } })).json(),
    );
    expect(me.kind).toBe(kind);
    expect(me.accountRecordType).toBe(recordType);
    expect(me.userType).toBe(userType);
    expect(me.isAdmin).toBe(email.startsWith('ada.'));
    expect(me.contactPhone).toMatch(/\d{3}/);
    expect(me.passwordExpiresAt).not.toBeNull();
  });

  it('gives dana a password expiring within 10 days and sam one within 160 but not 10', async () => {
    const days = async (email: string) => {
      const cookie = await signIn(gw.app, email);
      const me = userSchema.parse(
        (await gw.app.inject({ url: '/api/v1/me', headers: { cookie } })).json(),
      );
      return (Date.parse(me.passwordExpiresAt!) - Date.now()) / 86_400_000;
    };
    const dana = await days('dana.tech@northfield.example');
    expect(dana).toBeGreaterThan(6);
    expect(dana).toBeLessThanOrEqual(10);
    const sam = await days('sam.staff@torque.example');
    expect(sam).toBeGreaterThan(10);
    expect(sam).toBeLessThanOrEqual(160);
  });

  it('needs a session for /me, and logout ends it', async () => {
    expect((await gw.app.inject({ url: '/api/v1/me' })).statusCode).toBe(401);
    expect(
      (await gw.app.inject({ url: '/api/v1/me', headers: { cookie: 'torque_session=nope' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await gw.app.inject({
          url: '/api/v1/me',
          headers: { authorization: 'Bearer ' + 'a'.repeat(43) },
        })
      ).statusCode,
    ).toBe(401);
    expect((await gw.app.inject({ url: '/api/v1/auth/session' })).statusCode).toBe(401);
    const cookie = await signIn(gw.app, 'sam.staff@torque.example');
    expect((await gw.app.inject({ url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
    const current = await gw.app.inject({ url: '/api/v1/auth/session', headers: { cookie } });
    expect(current.statusCode).toBe(200);
    expect(current.json().user.username).toBe('sam.staff@torque.example');
    const ends = Date.parse(current.json().expiresAt) - Date.now();
    expect(ends).toBeGreaterThan(11 * 3_600_000);
    expect(ends).toBeLessThanOrEqual(12 * 3_600_000);
    const out = await gw.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^torque_session=;/);
    const after = await gw.app.inject({ url: '/api/v1/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    // Logout without a session is fine too.
    expect((await gw.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(
      204,
    );
  });

  it("signs in with the cookie behind a proxy's Basic sign-in; only Bearer is ours", async () => {
    const cookie = await signIn(gw.app, 'dana.tech@northfield.example');
    const me = (authorization: string) =>
      gw.app.inject({ url: '/api/v1/me', headers: { cookie, authorization } });
    const basic = `Basic ${Buffer.from('proxy-user:proxy-pass').toString('base64')}`;
    for (const authorization of [basic, 'Negotiate abc', 'Digest username="x"']) {
      const res = await me(authorization);
      expect(res.statusCode, authorization).toBe(200);
      expect(res.json().username).toBe('dana.tech@northfield.example');
    }
    // A Bearer is ours: a wrong one is wrong, whatever cookie comes with it.
    expect((await me('Bearer ' + 'a'.repeat(43))).statusCode).toBe(401);
    expect((await me('bearer')).statusCode).toBe(401);
  });

  it('shows the error on a wrong password, keeps the email and issues no code', async () => {
    const a = await startAuthorization(gw.app);
    const res = await postCredentials(
      gw.app,
      a,
      'dana.tech@northfield.example',
      'not-the-password',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Incorrect email or password.');
    expect(res.body).toContain('value="dana.tech@northfield.example"');
    expect(res.body).toContain('<label for="email">Email</label>');
    expect(res.body).toContain('<label for="password">Password</label>');
    expect(res.body).toContain('>Sign in</button>');
    // An unknown user reads the same as a wrong password.
    const unknown = await postCredentials(gw.app, a, 'nobody@example.com', 'torque');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('Incorrect email or password.');
    // Resuming the authorization without a successful login must not produce a code.
    const resume = await gw.app.inject({
      url: a.interactionPath.replace('/interaction/', '/auth/'),
      headers: { cookie: a.jar.header() },
    });
    expect(String(resume.headers.location ?? '')).not.toContain('code=');
  });

  it('escapes what the user typed on the login page', async () => {
    const a = await startAuthorization(gw.app);
    const res = await postCredentials(gw.app, a, '"><script>alert(1)</script>', 'x');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  describe('refuses ID tokens that are not ours', () => {
    let realClaims: Record<string, unknown>;
    let foreignKey: CryptoKey;
    let ownKey: CryptoKey | undefined;
    beforeAll(async () => {
      const { idToken } = await obtainIdToken(gw.app, 'dana.tech@northfield.example');
      realClaims = decodeJwt(idToken);
      foreignKey = (await generateKeyPair('RS256')).privateKey;
      // The gateway's own signing key, to mint tokens that differ in one claim only.
      const rows = await gw.started.db.kysely
        .selectFrom('signing_keys')
        .select('value')
        .where('kind', '=', 'jwk')
        .execute();
      ownKey = (await importJWK(rows[0]!.value as JWK, 'RS256')) as CryptoKey;
    });
    const mint = (key: CryptoKey, claims: Record<string, unknown>, kid?: string) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) }).sign(key);
    const exchange = (idToken: string) =>
      gw.app.inject({ method: 'POST', url: '/api/v1/auth/session', payload: { idToken } });
    const ownKid = async () =>
      String(
        (
          await gw.started.db.kysely
            .selectFrom('signing_keys')
            .select('id')
            .where('kind', '=', 'jwk')
            .executeTakeFirst()
        )?.id,
      );

    it('accepts a correctly minted control token', async () => {
      const res = await exchange(await mint(ownKey!, realClaims, await ownKid()));
      expect(res.statusCode).toBe(200);
    });
    it('refuses a token signed by another key', async () => {
      const res = await exchange(await mint(foreignKey, realClaims, await ownKid()));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, message: 'The ID token was refused' });
    });
    it('refuses an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const res = await exchange(
        await mint(ownKey!, { ...realClaims, iat: now - 7200, exp: now - 3600 }, await ownKid()),
      );
      expect(res.statusCode).toBe(401);
    });
    it('refuses a token for another audience', async () => {
      const res = await exchange(
        await mint(ownKey!, { ...realClaims, aud: 'someone-else' }, await ownKid()),
      );
      expect(res.statusCode).toBe(401);
    });
    it('refuses a token of another issuer', async () => {
      const res = await exchange(
        await mint(ownKey!, { ...realClaims, iss: 'http://evil.example/oidc' }, await ownKid()),
      );
      expect(res.statusCode).toBe(401);
    });
    it('refuses garbage and an unsigned token', async () => {
      expect((await exchange('not.a.jwt')).statusCode).toBe(401);
      const unsigned =
        Buffer.from('{"alg":"none"}').toString('base64url') +
        '.' +
        Buffer.from(JSON.stringify(realClaims)).toString('base64url') +
        '.';
      expect((await exchange(unsigned)).statusCode).toBe(401);
    });
    it('audits refused tokens and sign-ins', async () => {
      const rows = await gw.started.db.kysely.selectFrom('audit_log').select(['action']).execute();
      const actions = new Set(rows.map((r) => r.action));
      expect(actions).toContain('token-refused');
      expect(actions).toContain('sign-in');
      expect(actions).toContain('logout');
    });
  });
});
