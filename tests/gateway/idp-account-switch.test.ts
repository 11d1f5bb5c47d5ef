import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openGateway, PUBLIC_URL, type TestGateway } from './harness';
import { CookieJar } from './oidc-flow';

const REDIRECT_URI = `${PUBLIC_URL}/login`;
const local = (location: string) => {
  const u = new URL(location, PUBLIC_URL);
  return u.pathname + u.search;
};

/**
 * One browser (one cookie jar) signing in twice with prompt=login, as the PWA does after a
 * Log Out: the second person types their own credentials over the first one's live provider
 * session. The provider ends the old session through its self-posting form, then resumes.
 */
describe.each(lanes)('embedded provider: another account on the same browser, $name', (lane) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openGateway(lane);
  });
  afterAll(async () => {
    await gw?.close();
  });

  async function signInAs(jar: CookieJar, email: string): Promise<string> {
    const verifier = randomBytes(32).toString('base64url');
    const q = new URLSearchParams({
      client_id: 'torque-pwa',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'st',
      nonce: randomBytes(8).toString('hex'),
      prompt: 'login',
    });
    const auth = await gw.app.inject({ url: `/oidc/auth?${q}`, headers: { cookie: jar.header() } });
    jar.take(auth);
    const interaction = local(auth.headers.location as string);
    let res = await gw.app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: 'torque' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    jar.take(res);
    let location = res.headers.location as string;
    for (let hop = 0; hop < 6 && !location.startsWith(REDIRECT_URI); hop++) {
      res = await gw.app.inject({ url: local(location), headers: { cookie: jar.header() } });
      jar.take(res);
      if (res.statusCode === 200 && res.body.includes('<form')) {
        // The provider's end-session form, submitted as the browser's script would.
        const action = /action="([^"]+)"/.exec(res.body)![1]!;
        const fields = [...res.body.matchAll(/name="(\w+)" value="([^"]*)"/g)].map(
          (m) => [m[1]!, m[2]!] as [string, string],
        );
        res = await gw.app.inject({
          method: 'POST',
          url: local(action),
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        });
        jar.take(res);
      }
      expect([302, 303], res.body.slice(0, 500)).toContain(res.statusCode);
      location = res.headers.location as string;
    }
    const code = new URL(location).searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await gw.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: REDIRECT_URI,
        client_id: 'torque-pwa',
        code_verifier: verifier,
      }).toString(),
    });
    expect(token.statusCode, token.body).toBe(200);
    return token.json<{ id_token: string }>().id_token;
  }

  it('signs the second person in as themselves, not as the first', async () => {
    const jar = new CookieJar();
    const first = decodeJwt(await signInAs(jar, 'dana.tech@northfield.example'));
    const second = decodeJwt(await signInAs(jar, 'eli.tech@riverbend.example'));
    expect(first.email).toBe('dana.tech@northfield.example');
    expect(second.email).toBe('eli.tech@riverbend.example');
    expect(second.sub).not.toBe(first.sub);
  });
});
