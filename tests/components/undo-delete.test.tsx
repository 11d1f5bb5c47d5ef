import 'fake-indexeddb/auto';
import './setup-dom';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dcuPairingResultSchema } from '../../contract/dcu';
import { UNDO_MS } from '../../src/components/pending-undo';
import { db } from '../../src/db/db';
import { WizardDrafts } from '../../src/components/wizard-drafts';
import { MessagesScreen } from '../../src/features/notifications/messages-screen';
import { OfflineSyncScreen } from '../../src/features/settings/offline-sync-screen';
import { enqueue } from '../../src/sync/outbox';
import { finishLeftRemovals } from '../../src/sync/pending-removals';
import { replayNow } from '../../src/sync/replay-triggers';
import { stubGateway, type GatewayStub } from './gateway-stub';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

/*
 * Deleting a message and discarding a queued change offer Undo for a few seconds: hidden at
 * once, back as they were on Undo, carried out after the delay even when the screen is gone.
 */
const PAIRINGS = '/api/v1/dcu/pairings';
const dana = makeUser({ id: 'u-dana' });

let gateway: GatewayStub;
beforeEach(async () => {
  await resetDb();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  // The message list is not asked of the gateway here (404): only the device's list counts.
  gateway = stubGateway().on(
    'POST',
    PAIRINGS,
    dcuPairingResultSchema,
    () => ({
      pairingId: 'p-1',
      imeiNumber: '358000000000001',
      serialNumber: '41877',
      modelNumber: 'M5-111',
      pairedAt: new Date().toISOString(),
    }),
    201,
  );
});
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'onLine');
});

const withToasts = (ui: React.ReactElement) => (
  <>
    <Notifications />
    {ui}
  </>
);

async function storeMessage() {
  const row = {
    id: 'n1',
    ownerUserId: dana.id,
    type: 'Knowledge' as const,
    title: 'Bulletin',
    body: 'Front axle bulletin',
    receivedAt: Date.now() - 60_000,
    read: true,
  };
  await db.notifications.put(row);
  return row;
}

async function queuePairing() {
  return enqueue({
    kind: 'dcu-pairing',
    payload: {
      serialNumber: '41877',
      modelNumber: 'M5-111',
      pin: '',
      dcuPartNumber: 'DCU-4G-200',
      imeiNumber: '358000000000001',
      usageHours: '12.5',
    },
    summary: 'Pair DCU 358000000000001 with M5-111 41877',
    ownerUserId: dana.id,
  });
}

/** The Undo of the toast that says `text`. */
async function undoIn(text: string) {
  const toast = (await screen.findByText(text)).closest<HTMLElement>('[role="alert"]')!;
  fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
}

async function discardFromPage() {
  const card = await screen.findByTestId('outbox-entry');
  fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
  const dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Discard change' }));
  await waitFor(() => expect(screen.queryByTestId('outbox-entry')).toBeNull());
}

describe('Messages: delete with Undo', () => {
  it('hides the message at once and Undo brings it back as it was', async () => {
    // The undo time runs on a clock the test moves: "nothing happens later" needs no real wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await signInLocally(dana);
    const stored = await storeMessage();
    renderScreen(withToasts(<MessagesScreen />), '/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete message Bulletin' }));
    expect(await screen.findByText('No Messages to Display')).toBeTruthy();
    await undoIn('Message deleted: Bulletin');
    expect(await screen.findByRole('button', { name: 'Open message Bulletin' })).toBeTruthy();
    expect(await db.notifications.get('n1')).toEqual(stored);
    // Undone for good: the time running out later deletes nothing.
    await vi.advanceTimersByTimeAsync(UNDO_MS + 500);
    expect(await db.notifications.get('n1')).toEqual(stored);
    expect(await db.outbox.count()).toBe(0);
  });

  it('deletes it from the device and queues the delete once the time is up, screen closed', async () => {
    await signInLocally(dana);
    await storeMessage();
    const view = renderScreen(withToasts(<MessagesScreen />), '/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete message Bulletin' }));
    expect(await screen.findByText('No Messages to Display')).toBeTruthy();
    // Still on the device (Undo can bring it back) and not yet told to the gateway.
    expect((await db.notifications.get('n1'))?.deletingAt).toBeTypeOf('number');
    expect(await db.outbox.count()).toBe(0);
    view.unmount();

    await waitFor(async () => expect(await db.notifications.get('n1')).toBeUndefined());
    const queued = await db.outbox.toArray();
    expect(queued).toEqual([
      expect.objectContaining({ kind: 'notification-delete', payload: { id: 'n1' } }),
    ]);
  });

  it('a deletion left pending when the page went away is carried out at the next start', async () => {
    await signInLocally(dana);
    // Deleted by an earlier page: before this one started.
    await db.notifications.put({
      ...(await storeMessage()),
      deletingAt: performance.timeOrigin - 1_000,
    });
    await finishLeftRemovals();
    expect(await db.notifications.get('n1')).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['notification-delete']);
  });
});

describe('Offline & sync: discard with Undo', () => {
  it('never sends a discarded change during the undo time; after Undo it is sent as before', async () => {
    await signInLocally(dana, { sessionFor: 60_000 });
    const entry = await queuePairing();
    renderScreen(withToasts(<OfflineSyncScreen />));
    await discardFromPage();
    expect(await screen.findByText(`Change discarded: ${entry.summary}`)).toBeTruthy();
    await replayNow();
    expect(gateway.requestsTo(PAIRINGS)).toHaveLength(0);
    expect((await db.outbox.get(entry.id))?.discardingAt).toBeTypeOf('number');

    await undoIn(`Change discarded: ${entry.summary}`);
    expect(await screen.findByTestId('outbox-entry')).toBeTruthy();
    await waitFor(async () => expect((await db.outbox.get(entry.id))?.status).toBe('done'));
    const sent = gateway.requestsTo(PAIRINGS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['Idempotency-Key']).toBe(entry.id);
  });

  it('removes a discarded change once the time is up, never sent', async () => {
    await signInLocally(dana, { sessionFor: 60_000 });
    const entry = await queuePairing();
    const view = renderScreen(withToasts(<OfflineSyncScreen />));
    await discardFromPage();
    view.unmount();
    await waitFor(async () => expect(await db.outbox.get(entry.id)).toBeUndefined());
    await replayNow();
    expect(gateway.requestsTo(PAIRINGS)).toHaveLength(0);
  });

  it('a discard left pending when the page went away is carried out at the next start', async () => {
    await signInLocally(dana, { sessionFor: 60_000 });
    const entry = await queuePairing();
    await db.outbox.update(entry.id, { discardingAt: performance.timeOrigin - 1_000 });
    await replayNow();
    expect(gateway.requestsTo(PAIRINGS)).toHaveLength(0);
    await finishLeftRemovals();
    expect(await db.outbox.get(entry.id)).toBeUndefined();
  });
});

describe('Unfinished drafts: discard with Undo', () => {
  it('hides the draft, Undo brings it back as it was, otherwise it goes', async () => {
    await signInLocally(dana);
    const draft = {
      ownerUserId: dana.id,
      id: 'd1',
      flow: 'case' as const,
      serial: '52016',
      model: 'M7-172',
      pin: '',
      subject: 'Hydraulic leak',
      state: { step: 2, subject: 'Hydraulic leak' },
      updatedAt: Date.now() - 60_000,
    };
    await db.caseDrafts.put(draft);
    const view = renderScreen(withToasts(<WizardDrafts ownerUserId={dana.id} />));
    const text = /Case for M7-172 52016: Hydraulic leak/;
    fireEvent.click(
      within(await screen.findByTestId('wizard-drafts')).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.queryByText(text)).toBeNull());
    await undoIn('Draft discarded: Case for M7-172 52016');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(await db.caseDrafts.get([dana.id, 'd1'])).toEqual(draft);

    fireEvent.click(
      within(await screen.findByTestId('wizard-drafts')).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.queryByText(text)).toBeNull());
    view.unmount();
    await waitFor(async () => expect(await db.caseDrafts.count()).toBe(0));
  });
});
