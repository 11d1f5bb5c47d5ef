import { beforeEach, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../../contract';
import { HOME_SNAPSHOT_KEY, saveHomeSnapshot } from '../../src/sync/home-snapshot';
import { signOut, storeSession } from '../../src/sync/session';
import { makeUser, resetDb } from './render';

const stored = () => JSON.parse(localStorage.getItem(HOME_SNAPSHOT_KEY) ?? 'null');

function session(id: string, expiresAt: string) {
  return sessionResponseSchema.parse({ user: makeUser({ id }), expiresAt });
}

beforeEach(async () => {
  await resetDb();
  localStorage.clear();
  saveHomeSnapshot({
    v: 1,
    userId: 'u-dana',
    expiresAt: 1,
    html: '<p>Dana</p>',
    sheets: [],
    css: '',
  });
});

// The snapshot painted before the app boots holds one user's data: it follows that user's
// session and never survives into another's.
describe('Home snapshot on the device', () => {
  it("follows the same user's session end", async () => {
    await storeSession(session('u-dana', '2030-01-01T00:00:00.000Z'));
    expect(stored()).toMatchObject({
      userId: 'u-dana',
      expiresAt: Date.parse('2030-01-01T00:00:00.000Z'),
    });
  });

  it('is dropped when another user signs in', async () => {
    await storeSession(session('u-eli', '2030-01-01T00:00:00.000Z'));
    expect(stored()).toBeNull();
  });

  it('is dropped on Log Out', async () => {
    await signOut();
    expect(stored()).toBeNull();
  });
});
