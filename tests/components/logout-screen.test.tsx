import './setup-dom';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { db } from '../../src/db/db';
import { LogoutScreen } from '../../src/features/auth/logout-screen';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

beforeEach(resetDb);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// product §2: /logout says "You are signed out"; opened directly it must make that true.
describe('/logout opened directly', () => {
  it('ends the gateway session and forgets the local one', async () => {
    await signInLocally(makeUser());
    await db.session.put({ key: 'current', userId: 'u-dana', expiresAt: Date.now() + 3_600_000 });
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/v1/auth/logout') return new Response(null, { status: 204 });
      const body = apiErrorSchema.parse({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'down',
      });
      return new Response(JSON.stringify(body), { status: 503 });
    });
    renderScreen(<LogoutScreen />, '/logout');
    expect(await screen.findByText('You are signed out')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('POST /api/v1/auth/logout'));
    await waitFor(async () => expect(await db.profile.get('me')).toBeUndefined());
    expect(await db.session.count()).toBe(0);
  });
});
