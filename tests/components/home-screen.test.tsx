import './setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/db/db';
import { HomeScreen } from '../../src/features/home/home-screen';
import { days, makeUser, remoteConfig, renderScreen, resetDb, signInLocally } from './render';

const config = remoteConfig();

beforeEach(async () => {
  await resetDb();
  await db.config.put({ key: 'remote', config, syncedAt: Date.now() });
});

describe('Home', () => {
  it('shows the profile card from the device', async () => {
    await signInLocally(makeUser());
    renderScreen(<HomeScreen />, '/home');
    const card = await screen.findByTestId('profile-card');
    expect(within(card).getByText('Dana Tech')).toBeTruthy();
    expect(within(card).getByText('Northfield Equipment')).toBeTruthy();
    expect(within(card).getByText('dana.tech')).toBeTruthy();
    expect(within(card).getByText('dana.tech@northfield.example')).toBeTruthy();
    expect(within(card).getByText('(515) 555-0147')).toBeTruthy();
  });

  it('falls back to first and last name without a contact name', async () => {
    await signInLocally(makeUser({ contactName: null, firstName: 'Eli', lastName: 'Stone' }));
    renderScreen(<HomeScreen />);
    const card = await screen.findByTestId('profile-card');
    expect(within(card).getByText('Eli Stone')).toBeTruthy();
  });

  it('shows the warning banner with RESET MY PASSWORD for a 7-day expiry, not the info banner', async () => {
    await signInLocally(makeUser({ passwordExpiresAt: days(7) }));
    renderScreen(<HomeScreen />);
    await screen.findByText(
      /^Your password will expire on \d{1,2}\/\d{1,2}\/\d{4}\. Please reset your password so you don't get locked out\.$/,
    );
    const reset = await screen.findByRole('link', { name: 'RESET MY PASSWORD' });
    expect(reset.getAttribute('href')).toBe('/links/password-reset');
    expect(screen.queryByText(/For directions on reseting your password/)).toBeNull();
  });

  it('shows the knowledge-article banner for a 100-day expiry, not the warning', async () => {
    await signInLocally(makeUser({ passwordExpiresAt: days(100) }));
    renderScreen(<HomeScreen />);
    await screen.findByText(
      /^Your password will expire on \d{1,2}\/\d{1,2}\/\d{4}\. For directions on reseting your password please review the following knowledge article\.$/,
    );
    expect(screen.queryByText(/so you don't get locked out/)).toBeNull();
    const article = screen.getByRole('link', {
      name: 'Resetting your password (knowledge article)',
    });
    expect(article.getAttribute('href')).toBe('/links/password-article');
    // Opens in place: a new tab would leave the installed app.
    expect(article.getAttribute('target')).toBeNull();
    expect(screen.queryByRole('link', { name: 'RESET MY PASSWORD' })).toBeNull();
  });

  it('shows no banner beyond 160 days', async () => {
    await signInLocally(makeUser({ passwordExpiresAt: days(300) }));
    renderScreen(<HomeScreen />);
    await screen.findByTestId('profile-card');
    expect(screen.queryByText(/Your password will expire/)).toBeNull();
  });

  it('shows the empty states of the three Recent Activity tabs', async () => {
    await signInLocally(makeUser());
    renderScreen(<HomeScreen />);
    expect(await screen.findByRole('tab', { name: 'Machines' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Knowledge' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Cases' })).toBeTruthy();
    // Only the chosen tab is mounted: the other two show theirs once chosen.
    expect(await screen.findByText('No Machine History')).toBeTruthy();
    expect(screen.queryByText('No Search History')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Knowledge' }));
    expect(await screen.findByText('No Search History')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Cases' }));
    expect(await screen.findByText('No Case History to Display')).toBeTruthy();
    expect(screen.queryByText('No Machine History')).toBeNull();
  });

  it('shows a recently viewed machine as soon as it is written (live query)', async () => {
    const user = makeUser();
    await signInLocally(user);
    renderScreen(<HomeScreen />);
    await screen.findByText('No Machine History');
    await act(async () => {
      await db.recentMachines.put({
        ownerUserId: user.id,
        serial: '12345',
        model: 'M7-172',
        owner: 'Green Acres Farm',
        isStolen: true,
        viewedAt: Date.now(),
      });
    });
    expect(await screen.findByText('M7-172 · 12345')).toBeTruthy();
    expect(screen.getByText('Green Acres Farm')).toBeTruthy();
    expect(screen.getByText('Stolen')).toBeTruthy();
    expect(screen.queryByText('No Machine History')).toBeNull();
  });

  it('names a recent search by its tab label, not the category key', async () => {
    const user = makeUser();
    await signInLocally(user);
    await db.recentSearches.put({
      ownerUserId: user.id,
      term: 'hydraulic pump',
      category: 'all',
      searchedAt: Date.now(),
    });
    renderScreen(<HomeScreen />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Knowledge' }));
    expect(await screen.findByText('hydraulic pump')).toBeTruthy();
    expect(screen.getByText('All')).toBeTruthy();
    expect(screen.queryByText('all')).toBeNull();
  });

  it("does not show another user's history", async () => {
    await signInLocally(makeUser());
    await db.recentCases.put({
      ownerUserId: 'someone-else',
      id: '500X',
      subject: 'Not yours',
      referenceNumber: '00001234',
      status: 'Created',
      viewedAt: Date.now(),
    });
    renderScreen(<HomeScreen />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Cases' }));
    expect(await screen.findByText('No Case History to Display')).toBeTruthy();
    expect(screen.queryByText('Not yours')).toBeNull();
  });
});
