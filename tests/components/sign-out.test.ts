import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/db/db';
import { COLOR_SCHEME_KEY } from '../../src/sync/color-scheme-key';
import { signOut } from '../../src/sync/session';
import { makeUser, resetDb, signInLocally } from './render';

beforeEach(resetDb);

// DECISIONS: logout never discards unsynced or personal work on the device; it removes what
// proves a session (profile, marker) and the web storage SPEC §4 says logout clears.
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
    expect(localStorage.length).toBe(1);
    expect(sessionStorage.length).toBe(0);
  });
});
