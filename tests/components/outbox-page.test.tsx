import 'fake-indexeddb/auto';
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealerListSchema } from '../../contract/dealers';
import { dcuPairingResultSchema, ENGINE_HOURS_MESSAGE } from '../../contract/dcu';
import {
  fieldPackResponseSchema,
  type FieldPackResponse,
  type MachineDetail,
} from '../../contract/machines';
import { SyncStatus } from '../../src/app/layout/sync-status';
import { db } from '../../src/db/db';
import type { OutboxRow } from '../../src/db/schema';
import { OfflineSyncScreen } from '../../src/features/settings/offline-sync-screen';
import { SettingsScreen } from '../../src/features/settings/settings-screen';
import { enqueue } from '../../src/sync/outbox';
import { stubGateway, type GatewayStub } from './gateway-stub';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

/*
 * The Offline & sync page, the shell's status and the logout prompt, against a real Dexie and
 * the real replay, field-pack download and dealer lookup; only the gateway is stubbed (fetch).
 */
const PAIRINGS = '/api/v1/dcu/pairings';
const FIELD_PACK = '/api/v1/machines/field-pack';

const dana = makeUser({ id: 'u-dana' });
const eli = makeUser({ id: 'u-eli', username: 'eli.tech@riverbend.example' });
const REFUSAL = 'DCU 358000000000001 is already paired with machine L3560 70531.';

async function queue(serial: string, owner = dana, patch: Partial<OutboxRow> = {}) {
  const row = await enqueue({
    kind: 'dcu-pairing',
    payload: {
      serialNumber: serial,
      modelNumber: 'M5-111',
      pin: '',
      dcuPartNumber: 'DCU-4G-200',
      imeiNumber: '358000000000001',
      usageHours: '12.5',
    },
    summary: `Pair DCU 358000000000001 with M5-111 ${serial}`,
    ownerUserId: owner.id,
  });
  if (Object.keys(patch).length) await db.outbox.update(row.id, patch);
  return row;
}

/** Signed in with a live gateway session: the replay sends only this user's entries. */
async function signInWithSession(user: typeof dana) {
  await signInLocally(user, { sessionFor: 60_000 });
}

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

let gateway: GatewayStub;
beforeEach(async () => {
  await resetDb();
  setOnline(true);
  gateway = stubGateway()
    .on(
      'POST',
      PAIRINGS,
      dcuPairingResultSchema,
      ({ body }) => {
        const pairing = body as { imeiNumber: string; serialNumber: string; modelNumber: string };
        return {
          pairingId: `p-${pairing.serialNumber}`,
          imeiNumber: pairing.imeiNumber,
          serialNumber: pairing.serialNumber,
          modelNumber: pairing.modelNumber,
          pairedAt: new Date().toISOString(),
        };
      },
      201,
    )
    .onRaw('POST', '/api/v1/auth/logout', () => new Response(null, { status: 204 }))
    .onRaw(
      'GET',
      /^\/api\/v1\/machine-icons\//,
      () => new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }),
    );
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'onLine');
  Reflect.deleteProperty(navigator, 'storage');
});

describe('Offline & sync page', () => {
  it("lists the signed-in user's pending and refused writes, never another user's", async () => {
    await signInLocally(dana);
    await queue('41876');
    await queue('41877', dana, {
      status: 'needs-attention',
      attempts: 1,
      lastError: {
        status: 409,
        message: REFUSAL,
        errorCode: 'already-paired',
        requestId: 'req-42',
      },
    });
    await queue('41878', eli);
    renderScreen(<OfflineSyncScreen />);

    expect(await screen.findByRole('heading', { name: 'Offline & sync' })).toBeTruthy();
    const entries = await screen.findAllByTestId('outbox-entry');
    expect(entries).toHaveLength(2);
    const attention = screen.getByRole('region', { name: 'Needs attention' });
    const refused = within(attention).getByTestId('outbox-entry');
    expect(refused.textContent).toContain('Pair DCU 358000000000001 with M5-111 41877');
    expect(within(refused).getByTestId('outbox-error').textContent).toBe(REFUSAL);
    // The gateway's id of the refusing answer, for a support request.
    expect(within(refused).getByTestId('outbox-request-id').textContent).toBe('Request id: req-42');
    expect(refused.textContent).toContain('Needs attention');
    expect(refused.textContent).toContain('Tried 1 time');
    const pending = screen.getByRole('region', { name: 'Pending changes' });
    expect(within(pending).getByTestId('outbox-entry').textContent).toContain('M5-111 41876');
    expect(document.body.textContent).not.toContain('41878');
  });

  it('Discard asks first; Cancel keeps the entry, Discard change removes it', async () => {
    await signInLocally(dana);
    const entry = await queue('41877', dana, {
      status: 'needs-attention',
      lastError: { status: 409, message: REFUSAL },
    });
    renderScreen(<OfflineSyncScreen />);
    const card = await screen.findByTestId('outbox-entry');

    fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.get(entry.id)).toBeDefined();

    fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard change' }));
    await waitFor(async () => expect(await db.outbox.get(entry.id)).toBeUndefined());
    await waitFor(() => expect(screen.queryByTestId('outbox-entry')).toBeNull());
  });

  it('Edit changes the engine hours under the pairing rule, and sends again', async () => {
    await signInWithSession(dana);
    const entry = await queue('41877', dana, {
      status: 'needs-attention',
      lastError: { status: 400, message: 'Bad hours' },
    });
    renderScreen(<OfflineSyncScreen />);
    const card = await screen.findByTestId('outbox-entry');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit engine hours' });
    const input = within(dialog).getByLabelText('Engine hours');

    fireEvent.change(input, { target: { value: '12.' } });
    expect(within(dialog).getByText(ENGINE_HOURS_MESSAGE)).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(input, { target: { value: '1234.5' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    // Saved and sent again at once, with the entry's Idempotency-Key.
    await waitFor(async () => expect((await db.outbox.get(entry.id))!.status).toBe('done'));
    const row = (await db.outbox.get(entry.id))!;
    expect(row.payload).toMatchObject({ usageHours: '1234.5', serialNumber: '41877' });
    expect(row.lastError).toBeUndefined();
    const sent = gateway.requestsTo(PAIRINGS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ usageHours: '1234.5', serialNumber: '41877' });
    expect(sent[0]!.headers['Idempotency-Key']).toBe(entry.id);
  });

  it('Retry sends a refused entry again; Sync now then finds nothing due', async () => {
    await signInWithSession(dana);
    const entry = await queue('41877', dana, {
      status: 'needs-attention',
      lastError: { status: 409, message: REFUSAL },
    });
    renderScreen(<OfflineSyncScreen />);
    const card = await screen.findByTestId('outbox-entry');
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await db.outbox.get(entry.id))!.status).toBe('done'));
    expect(gateway.requestsTo(PAIRINGS)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    // Its note comes when the run is over.
    expect(await screen.findByText('Nothing was due to be sent.')).toBeTruthy();
    expect(gateway.requestsTo(PAIRINGS)).toHaveLength(1);
  });

  it('shows the last refresh per area, storage used and quota, and asks for persistent storage', async () => {
    await signInLocally(dana);
    await db.syncState.put({
      ownerUserId: dana.id,
      area: 'field-pack',
      syncedAt: Date.now() - 5 * 60_000,
      detail: '27 machines of Northfield Equipment',
    });
    await db.syncState.put({
      ownerUserId: eli.id,
      area: 'field-pack',
      syncedAt: Date.now(),
      detail: '12 machines of Riverbend Tractor',
    });
    let persisted = false;
    const persist = vi.fn(async () => {
      persisted = true;
      return true;
    });
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: {
        estimate: async () => ({ usage: 1.5 * 1024 * 1024, quota: 2 * 1024 ** 3 }),
        persisted: async () => persisted,
        persist,
      },
    });
    renderScreen(<OfflineSyncScreen />);

    const refresh = await screen.findByTestId('last-refresh');
    await waitFor(() =>
      expect(refresh.textContent).toContain('27 machines of Northfield Equipment'),
    );
    expect(refresh.textContent).toContain('5 minutes ago');
    expect(refresh.textContent).not.toContain('Riverbend');
    await waitFor(() =>
      expect(screen.getByTestId('storage-estimate').textContent).toBe(
        '1.5 MB used of 2.0 GB available',
      ),
    );
    expect(screen.getByTestId('persist-status').textContent).toContain('Persistent storage: off');
    fireEvent.click(screen.getByRole('button', { name: 'Keep data on this device' }));
    await waitFor(() =>
      expect(screen.getByTestId('persist-status').textContent).toContain('Persistent storage: on'),
    );
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

function detail(n: number): MachineDetail {
  const serial = String(41876 + n);
  return {
    inventoryId: `INV-M5111-${serial}`,
    serialNumber: serial,
    materialNumber: 'M5-111',
    materialNumberDescription: 'M5-111 Tractor',
    productIdentificationNo: `KBCM5111TNP0${serial}`,
    modelFamily: 'Tractor',
    iconUrl: '/api/v1/machine-icons/Tractor',
    imei: null,
    endCustomerName: 'Walter Hanson',
    endCustomerCity: 'Northfield',
    endCustomerState: 'MN',
    servicingDealerId: '001000000000000003',
    servicingDealerName: 'Northfield Equipment',
    isStolenInventory: false,
    isPreOwned: false,
    isScrapped: false,
    isAuction: false,
    isDonated: false,
    isModified: false,
    hasKtac: false,
    campaigns: [],
    policies: [],
    claims: [],
    faultCodes: [],
    majorComponents: [],
  };
}

function page(from: number, count: number, total: number, next: string | null): FieldPackResponse {
  return {
    dealerId: '001000000000000003',
    dealerName: 'Northfield Equipment',
    total,
    machines: Array.from({ length: count }, (_, i) => detail(from + i)),
    next,
  };
}

describe('Prepare for the field', () => {
  it("downloads an external user's dealer machines page by page with progress, and records it", async () => {
    await signInLocally(dana);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    gateway.on('GET', FIELD_PACK, fieldPackResponseSchema, async ({ query }) => {
      if (!query.after) return page(0, 3, 5, 'c1');
      await gate;
      return page(3, 2, 5, null);
    });
    renderScreen(<OfflineSyncScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download machines' }));

    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('60'));
    expect(screen.getByText('3 of 5 machines of Northfield Equipment')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    release();

    await screen.findByText(/5 machines of Northfield Equipment are on this device/);
    expect(gateway.requestsTo(FIELD_PACK).map((r) => r.query)).toEqual([
      { limit: '100' },
      { after: 'c1', limit: '500' },
    ]);
    expect(await db.machines.count()).toBe(5);
    const row = await db.machines.get([dana.id, 'INV-M5111-41877']);
    expect(row).toMatchObject({
      serial: '41877',
      model: 'M5-111',
      pin: 'KBCM5111TNP041877',
      dealerId: '001000000000000003',
    });
    expect(await db.syncState.get([dana.id, 'field-pack'])).toMatchObject({
      detail: '5 machines of Northfield Equipment',
    });
    // The icons are asked for once each, for the service worker's cache.
    expect(
      gateway.requests
        .filter((r) => r.path.startsWith('/api/v1/machine-icons/'))
        .map((r) => r.path),
    ).toEqual(['/api/v1/machine-icons/Tractor']);
  });

  it('Cancel stops between pages and keeps what was written, without a last-refresh row', async () => {
    await signInLocally(dana);
    // The second page never comes: only Cancel (aborting the request) ends the wait.
    gateway.on('GET', FIELD_PACK, fieldPackResponseSchema, ({ query }) =>
      query.after ? new Promise<never>(() => undefined) : page(0, 3, 6, 'c1'),
    );
    renderScreen(<OfflineSyncScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download machines' }));
    await screen.findByText('3 of 6 machines of Northfield Equipment');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText(/Download cancelled. The 3 machines already downloaded stay/);
    expect(await db.machines.count()).toBe(3);
    expect(await db.syncState.get([dana.id, 'field-pack'])).toBeUndefined();
  });

  it('internal users pick a dealer first, found by name through the dealer lookup', async () => {
    await signInLocally(makeUser({ id: 'u-sam', kind: 'internal', userType: 'STANDARD' }));
    gateway
      .on('GET', '/api/v1/dealers', dealerListSchema, () => ({
        dealers: [
          {
            id: '001000000000000003',
            name: 'Northfield Equipment',
            number: 'D-3',
            city: 'Northfield',
            state: 'MN',
          },
        ],
      }))
      .on('GET', FIELD_PACK, fieldPackResponseSchema, () => page(0, 2, 2, null));
    renderScreen(<OfflineSyncScreen />);
    const picker = await screen.findByRole('combobox', { name: 'Dealer' });
    const download = screen.getByRole('button', { name: 'Download machines' }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);

    picker.focus(); // Mantine ignores changes to an input that is not focused (autofill)
    fireEvent.change(picker, { target: { value: 'North' } });
    await waitFor(() => expect(gateway.requestsTo('/api/v1/dealers')).not.toHaveLength(0));
    expect(gateway.requestsTo('/api/v1/dealers').at(-1)!.query).toEqual({ name: 'North' });
    fireEvent.click(
      await screen.findByRole('option', { name: 'Northfield Equipment (Northfield, MN)' }),
    );
    await waitFor(() => expect(download.disabled).toBe(false));
    fireEvent.click(download);
    await screen.findByText(/2 machines of Northfield Equipment are on this device/);
    expect(gateway.requestsTo(FIELD_PACK)[0]!.query).toMatchObject({
      dealerId: '001000000000000003',
    });
  });
});

describe('shell sync status', () => {
  it('shows the counts of the signed-in user, Offline when offline, and links to the page', async () => {
    await signInLocally(dana);
    await queue('41876');
    await queue('41877', dana, { status: 'retry' });
    await queue('41878', dana, {
      status: 'needs-attention',
      lastError: { status: 409, message: REFUSAL },
    });
    await queue('41879', dana, { status: 'done' });
    await queue('41880', eli);
    renderScreen(<SyncStatus />);

    const status = await screen.findByTestId('sync-status');
    expect(await screen.findByLabelText('2 changes waiting to send')).toBeTruthy();
    // Named for screen readers and titled for people: a bare "!1" says nothing.
    const attention = screen.getByRole('img', { name: '1 change needs attention' });
    expect(attention.getAttribute('title')).toBe('1 change needs attention');
    expect(status.getAttribute('href')).toBe('/settings/offline');
    expect(status.textContent).not.toContain('Offline');

    setOnline(false);
    await waitFor(() => expect(status.textContent).toContain('Offline'));
  });
});

describe('Log Out with unsent changes', () => {
  it('says how many wait, and Log out anyway signs out keeping the outbox', async () => {
    await signInLocally(dana, { sessionFor: 60_000 });
    await queue('41876');
    await queue('41877', dana, { status: 'needs-attention' });
    await queue('41878', eli);
    renderScreen(
      <Routes>
        <Route path="/settings" element={<SettingsScreen />} />
        <Route path="/logout" element={<p>signed out page</p>} />
      </Routes>,
      '/settings',
    );
    expect((await screen.findByRole('link', { name: 'Offline & sync' })).getAttribute('href')).toBe(
      '/settings/offline',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsent changes' });
    expect(dialog.textContent).toContain(
      'You have 2 changes waiting to be sent. They stay on this device and are sent when you sign in again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Sync now' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out anyway' }));
    await screen.findByText('signed out page');
    expect(await db.profile.get('me')).toBeUndefined();
    expect(await db.outbox.count()).toBe(3);
  });

  it('offline, says one change is sent when back online and offers no Sync now', async () => {
    await signInLocally(dana);
    await queue('41876');
    setOnline(false);
    renderScreen(
      <Routes>
        <Route path="/settings" element={<SettingsScreen />} />
        <Route path="/logout" element={<p>signed out page</p>} />
      </Routes>,
      '/settings',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsent changes' });
    expect(dialog.textContent).toContain(
      'You have 1 change waiting to be sent. You are offline: it stays on this device and is sent when you are back online and signed in again.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Sync now' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Log out anyway' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('signed out page')).toBeNull();
    expect(await db.profile.get('me')).toBeDefined();
  });

  it('logs out at once when nothing waits', async () => {
    await signInLocally(dana);
    await queue('41876', dana, { status: 'done' });
    renderScreen(
      <Routes>
        <Route path="/settings" element={<SettingsScreen />} />
        <Route path="/logout" element={<p>signed out page</p>} />
      </Routes>,
      '/settings',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    await screen.findByText('signed out page');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
