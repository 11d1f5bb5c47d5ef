import 'fake-indexeddb/auto';
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MachineDetail } from '../../contract/machines';
import { db } from '../../src/db/db';
import { MachineDetailScreen } from '../../src/features/machines/machine-detail-screen';
import { machineRowOf } from '../../src/sync/machines';
import { machineDetail } from './machine-fixtures';
import { makeUser, remoteConfig, resetDb, signInLocally } from './render';

const config = remoteConfig({ qualityReportUrl: '/links/quality-report' });

const PATH = '/support/machine/details/:param1/:param2?/:param3?';

function renderAt(path: string) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={PATH} element={<MachineDetailScreen />} />
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

async function store(userId: string, detail: MachineDetail, syncedAt = Date.now()) {
  await db.machines.put(machineRowOf(userId, detail, syncedAt));
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await resetDb();
  await db.config.put({ key: 'remote', config, syncedAt: Date.now() });
  fetchMock = vi.fn(async () => json(503, { error: 'Unavailable', message: 'down' }));
  vi.stubGlobal('fetch', fetchMock);
  setOnline(false);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setOnline(true);
});

describe('machine detail from the device (offline)', () => {
  it('renders header, chips, owner, dealer and the tabs of an external user, with Last updated', async () => {
    const user = makeUser();
    await signInLocally(user);
    await store(user.id, machineDetail({ isPreOwned: true }), Date.now() - 5 * 60_000);
    renderAt('/support/machine/details/sn-52016/mn-M7-172');

    const header = await screen.findByTestId('machine-header');
    expect(within(header).getByRole('heading').textContent).toBe('M7-172 52016');
    expect(within(header).getByText('M7-172 Premium KVT Tractor')).toBeTruthy();
    expect(within(header).getByText('PIN: KBCM7172VNP052016')).toBeTruthy();
    const chips = screen.getByTestId('machine-chips');
    expect(within(chips).getByText('Has KTAC')).toBeTruthy();
    expect(within(chips).getByText('Pre-Owned')).toBeTruthy();
    expect(within(chips).queryByText('Auctioned')).toBeNull();
    expect(screen.getByText('Walter Hanson')).toBeTruthy();
    expect(screen.getByText('Northfield Equipment')).toBeTruthy();
    expect(screen.queryByTestId('stolen-banner')).toBeNull();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Bulletins', 'Warranty', 'Manuals', 'Claims', 'Cases']);
    expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 5 minutes ago');
    // External users: Quality Report, no Create Report.
    const activity = await screen.findByTestId('choose-activity');
    expect(within(activity).getByRole('button', { name: 'Quality Report' })).toBeTruthy();
    expect(within(activity).queryByRole('button', { name: 'Create Report' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('finds the machine by PIN alone', async () => {
    const user = makeUser();
    await signInLocally(user);
    await store(user.id, machineDetail());
    renderAt('/support/machine/details/pin-KBCM7172VNP052016');
    expect(await screen.findByTestId('machine-header')).toBeTruthy();
  });

  it("does not show another user's stored machine", async () => {
    const user = makeUser();
    await signInLocally(user);
    await store('someone-else', machineDetail());
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    await screen.findByText(/opening it the first time needs a connection/);
    expect(screen.queryByTestId('machine-header')).toBeNull();
  });

  it('shows Reports and Create Report to internal users, not Quality Report', async () => {
    const user = makeUser({ id: 'u-sam', kind: 'internal', userType: 'STANDARD' });
    await signInLocally(user);
    await store(user.id, machineDetail());
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    await screen.findByTestId('machine-header');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Bulletins',
      'Warranty',
      'Manuals',
      'Claims',
      'Cases',
      'Reports',
    ]);
    const activity = await screen.findByTestId('choose-activity');
    expect(within(activity).getByRole('button', { name: 'Create Report' })).toBeTruthy();
    expect(within(activity).queryByRole('button', { name: 'Quality Report' })).toBeNull();
  });

  it('shows the stolen banner with the Call TSC number', async () => {
    const user = makeUser();
    await signInLocally(user);
    await store(user.id, machineDetail({ isStolenInventory: true }));
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    const banner = await screen.findByTestId('stolen-banner');
    expect(banner.textContent).toContain('Listed as Stolen');
    // The number comes from the cached configuration, read after the machine.
    const call = await within(banner).findByRole('link', { name: '+1-800-555-0100' });
    expect(call.getAttribute('href')).toBe('tel:+1-800-555-0100');
  });

  it('badges an active policy in colour and an expired one grey; the modal shows the usages', async () => {
    const user = makeUser();
    await signInLocally(user);
    await store(user.id, machineDetail());
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    fireEvent.click(await screen.findByRole('tab', { name: 'Warranty' }));
    const rows = await screen.findAllByTestId('policy-row');
    expect(rows.map((r) => within(r).getByText(/Active|Expired/).textContent)).toEqual([
      'Active',
      'Expired',
    ]);
    fireEvent.click(rows[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Standard Warranty')).toBeTruthy();
    expect(within(dialog).getByText('Engine Hours')).toBeTruthy();
    expect(within(dialog).getByText('2000')).toBeTruthy();
  });

  it('filters the fault-code report by severity', async () => {
    const user = makeUser();
    await signInLocally(user);
    await store(user.id, machineDetail());
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    fireEvent.click(await screen.findByRole('button', { name: 'Fault Codes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByTestId('fault-code-row')).toHaveLength(3);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'High' }));
    const high = within(dialog).getAllByTestId('fault-code-row');
    expect(high).toHaveLength(1);
    expect(high[0]!.textContent).toContain('Coolant temperature high');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Low' }));
    expect(within(dialog).getAllByTestId('fault-code-row')[0]!.textContent).toContain('E168');
  });

  it('records the viewed machine as a recent machine, once per serial, model and owner', async () => {
    const user = makeUser();
    await signInLocally(user);
    await store(user.id, machineDetail({ isStolenInventory: true }));
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    await screen.findByTestId('machine-header');
    await waitFor(async () => expect(await db.recentMachines.count()).toBe(1));
    const [recent] = await db.recentMachines.toArray();
    expect(recent).toMatchObject({
      ownerUserId: user.id,
      serial: '52016',
      model: 'M7-172',
      owner: 'Walter Hanson',
      isStolen: true,
    });
  });

  it('toasts when the Quality Report page cannot be opened', async () => {
    const user = makeUser();
    await signInLocally(user);
    await store(user.id, machineDetail());
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const show = vi.spyOn(notifications, 'show');
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    fireEvent.click(await screen.findByRole('button', { name: 'Quality Report' }));
    expect(open).toHaveBeenCalledWith('/links/quality-report?model=M7-172&serial=52016', '_blank');
    expect(await screen.findByText('Error directing to Quality Report')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 7000 }));
  });
});

describe('machine detail from the gateway', () => {
  it('says Machine Not Found without serial and model or a PIN', async () => {
    await signInLocally(makeUser());
    renderAt('/support/machine/details/sn-52016');
    expect((await screen.findByRole('alert')).textContent).toBe('Machine Not Found');
    expect(screen.getByRole('link', { name: 'Back to Machine Search' }).getAttribute('href')).toBe(
      '/support/machine/search',
    );
  });

  it('says Machine Not Found when the gateway answers 404', async () => {
    setOnline(true);
    fetchMock.mockImplementation(async () =>
      json(404, { error: 'Not Found', message: 'Machine Not Found' }),
    );
    await signInLocally(makeUser());
    renderAt('/support/machine/details/sn-99999/mn-M7-172');
    expect((await screen.findByRole('alert')).textContent).toBe('Machine Not Found');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/v1/machines/lookup?serial=99999&model=M7-172',
    );
  });

  it('shows an empty panel with the error flag when loading fails', async () => {
    setOnline(true);
    await signInLocally(makeUser());
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    const panel = await screen.findByTestId('machine-load-error');
    expect(panel.getAttribute('data-error')).toBe('true');
    expect(screen.queryByTestId('machine-header')).toBeNull();
  });

  it('stores nothing of an answer that breaks the contract, and says the machine could not load', async () => {
    setOnline(true);
    const { serialNumber: _dropped, ...broken } = machineDetail();
    fetchMock.mockImplementation(async () => json(200, { machine: broken }));
    await signInLocally(makeUser());
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The machine could not be loaded. The server's answer could not be read. Please try again later.",
    );
    expect(await db.machines.count()).toBe(0);
    expect(screen.queryByTestId('machine-header')).toBeNull();
  });

  it('stores what the gateway answers and renders it, with the cases', async () => {
    setOnline(true);
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/v1/machines/lookup')) return json(200, { machine: machineDetail() });
      if (url.startsWith('/api/v1/machines/cases')) {
        return json(200, {
          records: [
            {
              id: '500A1',
              caseNumber: '00001001',
              status: 'New',
              subject: 'Pump noise',
              lastActivityAt: '2026-11-20T12:00:00.000Z',
            },
          ],
        });
      }
      return json(404, { error: 'Not Found', message: 'no' });
    });
    const user = makeUser();
    await signInLocally(user);
    renderAt('/support/machine/details/sn-52016/mn-M7-172');
    await screen.findByTestId('machine-header');
    expect(screen.queryByTestId('last-updated')).toBeNull();
    expect(await db.machines.count()).toBe(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Cases' }));
    const link = await screen.findByRole('link', { name: /Pump noise/ });
    expect(link.getAttribute('href')).toBe('/support/case/500A1');
    // The row names the machine and the date of the case's last activity.
    expect(link.textContent).toContain('M7-172 · 52016');
    expect(link.textContent).toContain('11/20/2026');
    const state = await db.syncState.get([user.id, 'machines']);
    expect(state?.syncedAt).toBeGreaterThan(0);
  });
});
