import 'fake-indexeddb/auto';
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { MachineListScreen } from '../../src/features/machines/machine-list-screen';
import { listItem } from './machine-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

function renderAt(path: string) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/support/machineResults" element={<MachineListScreen />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await resetDb();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

const items = Array.from({ length: 23 }, (_, i) => listItem(i));

describe('machine list (SPEC §2)', () => {
  it('offline: shows the stored results 10 a page with Last updated, and filters fuzzily', async () => {
    setOnline(false);
    const user = makeUser();
    await signInLocally(user);
    await db.machineLists.put({
      ownerUserId: user.id,
      query: 'lastName=Hanson',
      machines: [...items, listItem(99, { endCustomerName: 'Greta Lindqvist' })],
      truncated: false,
      syncedAt: Date.now() - 60_000,
    });
    renderAt('/support/machineResults?lastName=Hanson');
    expect(await screen.findByRole('heading', { name: 'Machine List' })).toBeTruthy();
    expect((await screen.findAllByTestId('machine-card')).length).toBe(10);
    expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 1 minute ago');
    const first = screen.getAllByTestId('machine-card')[0]!;
    expect(within(first).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      '/support/machine/details/sn-41000/mn-L3560/pin-KBCM5111TNP041000',
    );
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getAllByTestId('machine-card')).toHaveLength(4);

    // No search text until a filter is chosen.
    expect(screen.queryByLabelText('Search')).toBeNull();
    fireEvent.click(screen.getByLabelText('Filter', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Customer Name' }));
    fireEvent.change(await screen.findByLabelText('Search'), { target: { value: 'Lindqvst' } });
    await waitFor(() => expect(screen.getAllByTestId('machine-card')).toHaveLength(1));
    expect(screen.getByTestId('machine-card').textContent).toContain('Greta Lindqvist');
    expect(screen.getByTestId('machine-count').textContent).toBe('1 of 24 machines');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('online: fetches, stores and shows the results; says when they were cut at 500', async () => {
    setOnline(true);
    fetchMock.mockImplementation(async () => json(200, { machines: items, truncated: true }));
    const user = makeUser();
    await signInLocally(user);
    renderAt('/support/machineResults?city=Northfield&state=MN');
    expect((await screen.findAllByTestId('machine-card')).length).toBe(10);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/v1/machines/customers?city=Northfield&state=MN',
    );
    expect(screen.getByText(/Only the first 500 machines are shown/)).toBeTruthy();
    expect(screen.queryByTestId('last-updated')).toBeNull();
    const row = await db.machineLists.get([user.id, 'city=Northfield&state=MN']);
    expect(row?.machines).toHaveLength(23);
  });

  it.each([
    [400, 'Search encountered an error. Please modify your search and try again.'],
    [500, 'Search encountered an error.'],
  ])('HTTP %i from the customer search shows its SPEC §8 message', async (status, message) => {
    setOnline(true);
    fetchMock.mockImplementation(async () => json(status, { error: 'x', message: 'x' }));
    await signInLocally(makeUser());
    renderAt('/support/machineResults?lastName=Hanson');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('a URL breaking the SPEC §5 rules says why and asks nothing', async () => {
    setOnline(true);
    await signInLocally(makeUser());
    renderAt('/support/machineResults?state=MN');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Searching only by State is not supported at this time. Please add another field.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
