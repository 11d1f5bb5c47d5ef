import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLogoutPending, settlePendingLogout } from '../../src/api/logout-pending';
import { db } from '../../src/db/db';
import { COLOR_SCHEME_KEY } from '../../src/sync/color-scheme-key';
import { signOut } from '../../src/sync/session';
import { makeUser, resetDb, signInLocally } from './render';

beforeEach(resetDb);

// product §4: logout never discards unsynced or personal work on the device; it removes what
// proves a session (profile, marker) and the web storage product §4 says logout clears.
describe('sign-out on the device', () => {
  it('forgets the session and web storage but keeps the colour scheme and every other table', async () => {
    const user = makeUser();
    await signInLocally(user);
    await db.recentMachines.put({
      ownerUserId: user.id,
      serial: '12345',
      model: 'M7-172',
      owner: 'Hansen Farms',
      isStolen: false,
      viewedAt: Date.now(),
    });
    await db.notifications.put({
      id: 'n1',
      ownerUserId: user.id,
      type: 'Knowledge',
      title: 'Hydraulic bulletin',
      body: 'Read it',
      receivedAt: Date.now(),
    });
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    localStorage.setItem('recent-searches', '[]');
    sessionStorage.setItem('toasts', '[]');

    // The gateway is out of reach here (no server): sign-out must still complete locally.
    await signOut();

    expect(await db.profile.get('me')).toBeUndefined();
    expect(await db.session.get('current')).toBeUndefined();
    expect(await db.recentMachines.count()).toBe(1);
    expect(await db.notifications.count()).toBe(1);
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    // The colour scheme, and the note that the gateway's session is still to be ended.
    expect(localStorage.length).toBe(2);
    expect(isLogoutPending()).toBe(true);
    expect(sessionStorage.length).toBe(0);
  });
});

// product §4: a Log Out made offline must not leave the next person signed in as the last one.
describe('a Log Out the gateway did not hear', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  function gateway(answer: 'down' | number) {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (answer === 'down') throw new TypeError('Failed to fetch');
      return new Response(answer === 204 ? null : JSON.stringify({ message: 'x' }), {
        status: answer,
      });
    });
    return calls;
  }

  it('is remembered, and no cookie is trusted until the gateway has ended that session', async () => {
    await signInLocally(makeUser());
    gateway('down');
    await signOut();
    expect(isLogoutPending()).toBe(true);
    expect(await settlePendingLogout()).toBe(false);
    expect(isLogoutPending()).toBe(true);

    const calls = gateway(204);
    expect(await settlePendingLogout()).toBe(true);
    expect(calls).toEqual(['POST /api/v1/auth/logout']);
    expect(isLogoutPending()).toBe(false);
    // Paid once: nothing more is sent.
    expect(await settlePendingLogout()).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('is settled by any answer of the gateway (a 401: that session had ended already)', async () => {
    gateway('down');
    await signOut();
    gateway(401);
    expect(await settlePendingLogout()).toBe(true);
    expect(isLogoutPending()).toBe(false);
  });

  it('is not left behind when the gateway heard the Log Out', async () => {
    await signInLocally(makeUser());
    gateway(204);
    await signOut();
    expect(isLogoutPending()).toBe(false);
  });
});
