import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT, TOO_MANY_ATTEMPTS, TOO_MANY_FROM_ADDRESS } from '../../gateway/idp/routes';
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

    // The owner, signing in from elsewhere, is not locked out by a guesser's failures.
    const elsewhere = await startAuthorization(gw.app);
    const owner = await postCredentials(
      gw.app,
      elsewhere,
      'ada.admin@torque.example',
      'torque',
      '203.0.113.7',
    );
    expect(owner.statusCode, owner.body).toBe(303);

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

  it('refuses an address that failed too often, whatever email it tries next', async () => {
    const address = '198.51.100.9';
    await gw.started.db.kysely
      .insertInto('audit_log')
      .values(
        Array.from({ length: ADDRESS_LIMIT.max }, (_, i) => ({
          action: 'idp-login-failed',
          user_id: null,
          subject: `nobody-${i}@example.com`,
          detail: JSON.stringify({ address }),
        })),
      )
      .execute();
    const a = await startAuthorization(gw.app);
    const refused = await postCredentials(gw.app, a, 'olga.oem@torque.example', 'torque', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(TOO_MANY_FROM_ADDRESS);
    // The same email from another address signs in.
    const ok = await postCredentials(gw.app, a, 'olga.oem@torque.example', 'torque', '192.0.2.1');
    expect(ok.statusCode, ok.body).toBe(303);
  });
});
