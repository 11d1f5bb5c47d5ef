import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../gateway/idp/routes';
import { lanes, openGateway, type TestGateway } from './harness';
import { obtainIdToken, postCredentials, startAuthorization } from './oidc-flow';

describe.each(lanes)('password guessing at the embedded provider on $name', (lane) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openGateway(lane);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('refuses an email after 10 failures in 15 minutes, even with the right password', async () => {
    const a = await startAuthorization(gw.app);
    for (let i = 0; i < 10; i++) {
      // Case and spaces do not make a new account to guess at.
      const email = i % 2 ? 'ADA.admin@torque.example ' : 'ada.admin@torque.example';
      const res = await postCredentials(gw.app, a, email, `guess-${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Incorrect email or password.');
    }
    const locked = await postCredentials(gw.app, a, 'ada.admin@torque.example', 'torque');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers.location).toBeUndefined();
    expect(locked.body).toContain(TOO_MANY_ATTEMPTS.replace("'", '&#39;'));
    expect(locked.body).toContain('value="ada.admin@torque.example"');

    // Another account is not affected.
    const { idToken } = await obtainIdToken(gw.app, 'olga.oem@torque.example');
    expect(idToken).toBeTruthy();

    // When the window has passed, the right password works again.
    await gw.started.db.kysely
      .updateTable('audit_log')
      .set({ at: new Date(Date.now() - 16 * 60_000) })
      .where('action', '=', 'idp-login-failed')
      .execute();
    expect((await obtainIdToken(gw.app, 'ada.admin@torque.example')).idToken).toBeTruthy();
  });
});
