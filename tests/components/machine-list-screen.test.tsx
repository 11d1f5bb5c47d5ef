import 'fake-indexeddb/auto';
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { MachineListScreen } from '../../src/features/machines/machine-list-screen';
import { machineRowOf } from '../../src/sync/machines';
import { listItem, machineDetail } from './machine-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

function Machine() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Back</button>;
}

function renderAt(path: string) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/support/machineResults" element={<MachineListScreen />} />
          <Route path="/support/machine/details/*" element={<Machine />} />
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
  // jsdom has no scrolling; paging scrolls to the top.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setOnline(true);
});

const items = Array.from({ length: 23 }, (_, i) => listItem(i));

describe('machine list (product §2)', { timeout: 30_000 }, () => {
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
  ])('HTTP %i from the customer search shows its product §8 message', async (status, message) => {
    setOnline(true);
    fetchMock.mockImplementation(async () => json(status, { error: 'x', message: 'x' }));
    await signInLocally(makeUser());
    renderAt('/support/machineResults?lastName=Hanson');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('a URL breaking the product §5 rules says why and asks nothing', async () => {
    setOnline(true);
    await signInLocally(makeUser());
    renderAt('/support/machineResults?state=MN');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Searching only by State is not supported at this time. Please add another field.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Back from a machine returns to the same filter, text and page; a new page starts at the top', async () => {
    setOnline(false);
    const user = makeUser();
    await signInLocally(user);
    await db.machineLists.put({
      ownerUserId: user.id,
      query: 'lastName=Hanson',
      machines: items.map((m, i) => ({ ...m, endCustomerName: `Walter Hanson ${i}` })),
      truncated: false,
      syncedAt: Date.now(),
    });
    const scrollTo = vi.mocked(window.scrollTo);
    renderAt('/support/machineResults?lastName=Hanson');
    fireEvent.click(await screen.findByLabelText('Filter', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Customer Name' }));
    fireEvent.change(await screen.findByLabelText('Search'), { target: { value: 'Hanson' } });
    await waitFor(() => expect(screen.getByRole('button', { name: '2' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    const onPage2 = screen.getAllByTestId('machine-card')[0]!.textContent;

    fireEvent.click(
      within(screen.getAllByTestId('machine-card')[0]!).getByRole('link', { name: 'View' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(((await screen.findByLabelText('Search')) as HTMLInputElement).value).toBe('Hanson');
    expect((screen.getByLabelText('Filter', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'Customer Name',
    );
    expect(screen.getAllByTestId('machine-card')[0]!.textContent).toBe(onPage2);
  });

  it('offline with no stored list it searches the machines kept on the device, and says so', async () => {
    setOnline(false);
    const user = makeUser();
    await signInLocally(user);
    await db.machines.bulkPut(
      [
        machineDetail(),
        machineDetail({
          inventoryId: 'INV-2',
          serialNumber: '60001',
          endCustomerName: 'Ada Farms',
        }),
      ].map((d) => machineRowOf(user.id, d, Date.now())),
    );
    renderAt('/support/machineResults?lastName=Hanson');
    await screen.findByText('No connection: searching the 2 machines on this device.');
    const cards = await screen.findAllByTestId('machine-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain('Walter Hanson');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
