import './setup-dom';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMMIT_NETWORK_FAILURE_MESSAGE,
  IMEI_INVALID_MESSAGE,
  IMEI_LENGTH_MESSAGE,
  type MachineDetail,
} from '../../contract';
import { db } from '../../src/db/db';
import { DcuPairingScreen } from '../../src/features/dcu/dcu-pairing-screen';
import {
  COMMIT_DISCARDED_MESSAGE,
  COMMIT_SAVED_MESSAGE,
} from '../../src/features/dcu/commit-alerts';
import { DCU_CHECK_NEEDS_CONNECTION } from '../../src/features/dcu/use-dcu-check';
import { machineDetail } from './machine-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

const user = makeUser();
const IMEI = '358000000000001';
const PATH = '/support/machine/imei/sn-41876/mn-M5-111';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let handler: Handler;
const calls: Array<{ url: URL; init: RequestInit }> = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const unit = (imei = IMEI, lastReportedAt: string | null = '2026-11-15T12:00:00Z') => ({
  imei,
  type: 'DCU-4G-200',
  lastReportedAt,
});

beforeEach(async () => {
  await resetDb();
  // The replayer sends only the entries of the user the session marker names.
  await signInLocally(user, { sessionFor: 3_600_000 });
  calls.length = 0;
  handler = () => json(500, { message: 'unexpected' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPairing(path = PATH) {
  return renderScreen(
    <Routes>
      <Route path="/support/machine/imei/:param1/:param2?" element={<DcuPairingScreen />} />
      <Route path="/support/machine/details/*" element={<p>machine detail</p>} />
    </Routes>,
    path,
  );
}

const imeiField = () => screen.getByLabelText('IMEI') as HTMLInputElement;
const checkButton = () => screen.getByRole('button', { name: 'Check DCU Status' });

async function checkImei(imei = IMEI) {
  await screen.findByText('M5-111 41876');
  fireEvent.change(imeiField(), { target: { value: imei } });
  fireEvent.click(checkButton());
}

async function reachStep2(hours = '1234.5') {
  handler = (url) => (url.pathname === `/api/v1/dcu/${IMEI}` ? json(200, unit()) : json(500, {}));
  await checkImei();
  await screen.findByTestId('dcu-card');
  fireEvent.change(screen.getByLabelText('Engine Hours'), { target: { value: hours } });
}

describe('DCU pairing, step 1', () => {
  it('shows the machine from the path, with its description when the device has it', async () => {
    await db.machines.put({
      ownerUserId: user.id,
      inventoryId: 'INV-M5111-41876',
      serial: '41876',
      model: 'M5-111',
      pin: 'KBCM5111TNP041876',
      dealerId: 'd',
      detail: { materialNumberDescription: 'M5-111 Utility Tractor' } as MachineDetail,
      syncedAt: Date.now(),
    });
    renderPairing();
    expect(await screen.findByText('M5-111 41876')).toBeTruthy();
    expect(await screen.findByText('M5-111 Utility Tractor')).toBeTruthy();
  });

  it("shows the machine's current DCU IMEI when it already has a unit", async () => {
    await db.machines.put({
      ownerUserId: user.id,
      inventoryId: 'INV-M5111-41876',
      serial: '41876',
      model: 'M5-111',
      pin: 'KBCM5111TNP041876',
      dealerId: 'd',
      detail: {
        materialNumberDescription: 'M5-111 Utility Tractor',
        imei: '356938035643809',
      } as MachineDetail,
      syncedAt: Date.now(),
    });
    renderPairing();
    expect((await screen.findByTestId('dcu-current')).textContent).toBe(
      'Current DCU IMEI: 356938035643809',
    );
  });

  it('opened afresh after a pairing of this machine was sent, shows that it succeeded', async () => {
    const now = Date.now();
    await db.outbox.put({
      id: 'p-1',
      ownerUserId: user.id,
      kind: 'dcu-pairing',
      payload: {
        serialNumber: '41876',
        modelNumber: 'M5-111',
        pin: '',
        dcuPartNumber: 'DCU-4G-200',
        imeiNumber: IMEI,
        usageHours: '12',
      },
      summary: `Pair DCU ${IMEI} with M5-111 41876`,
      status: 'done',
      attempts: 1,
      dependsOn: [],
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
    });
    renderPairing();
    expect(await screen.findByText(`DCU ${IMEI} is paired with M5-111 41876.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start over (Step 1)' }));
    expect(await screen.findByLabelText('IMEI')).toBeTruthy();
    expect(screen.queryByText(`DCU ${IMEI} is paired with M5-111 41876.`)).toBeNull();
  });

  it('finds the model of a PIN-only path through the machine lookup, and says when there is none', async () => {
    const pin = 'KBCM5111TNP041877';
    handler = (url) =>
      url.pathname === '/api/v1/machines/lookup' && url.searchParams.get('pin') === pin
        ? json(200, {
            machine: machineDetail({
              inventoryId: 'INV-M5111-41877',
              serialNumber: '41877',
              materialNumber: 'M5-111',
              materialNumberDescription: 'M5-111 Utility Tractor',
              productIdentificationNo: pin,
            }),
          })
        : json(404, { error: 'Not Found', message: 'Machine Not Found' });
    renderPairing(`/support/machine/imei/pin-${pin}`);
    expect(await screen.findByText('M5-111 41877')).toBeTruthy();
    expect(await screen.findByText('M5-111 Utility Tractor')).toBeTruthy();
    cleanup();

    renderPairing('/support/machine/imei/pin-KBCM5111TNP099999');
    expect(await screen.findByText('Machine Not Found')).toBeTruthy();
    expect(screen.queryByLabelText('IMEI')).toBeNull();
  });

  it('keeps only digits, at most 15, and enables Check only at 15', async () => {
    renderPairing();
    await screen.findByText('M5-111 41876');
    fireEvent.change(imeiField(), { target: { value: '35a8-000 0' } });
    expect(imeiField().value).toBe('3580000');
    expect(screen.getByText(IMEI_LENGTH_MESSAGE)).toBeTruthy();
    expect((checkButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(imeiField(), { target: { value: '3580000000000012345' } });
    expect(imeiField().value).toBe(IMEI);
    expect(screen.queryByText(IMEI_LENGTH_MESSAGE)).toBeNull();
    expect((checkButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the DCU card with IMEI, DCU and Last Reported as M/D/YYYY', async () => {
    handler = () => json(200, unit());
    renderPairing();
    await checkImei();
    const card = await screen.findByTestId('dcu-card');
    expect(card.textContent).toContain(IMEI);
    expect(card.textContent).toContain('DCU-4G-200');
    expect(card.textContent).toContain('11/15/2026');
    expect(calls.some((c) => c.url.pathname === `/api/v1/dcu/${IMEI}`)).toBe(true);
  });

  it("says 'No available info.' for a unit that never reported", async () => {
    handler = () => json(200, unit('353456789012345', null));
    renderPairing();
    await checkImei('353456789012345');
    const card = await screen.findByTestId('dcu-card');
    expect(card.textContent).toContain('No available info.');
  });

  it('shows the invalid-scan message for an unknown unit and other server text as is', async () => {
    handler = () =>
      json(404, { error: 'Not Found', message: 'no unit', errorCode: 'imei-unknown' });
    renderPairing();
    await checkImei('111111111111111');
    expect((await screen.findByTestId('dcu-check-error')).textContent).toBe(IMEI_INVALID_MESSAGE);

    handler = () => json(400, { error: 'Bad Request', message: 'The unit is retired.' });
    fireEvent.click(checkButton());
    await waitFor(() =>
      expect(screen.getByTestId('dcu-check-error').textContent).toBe('The unit is retired.'),
    );
    expect(screen.queryByTestId('dcu-card')).toBeNull();
  });

  it('says the check needs a connection when the gateway cannot be reached, keeping the IMEI', async () => {
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    renderPairing();
    await checkImei();
    expect((await screen.findByTestId('dcu-check-error')).textContent).toBe(
      DCU_CHECK_NEEDS_CONNECTION,
    );
    expect(imeiField().value).toBe(IMEI);
  });
});

describe('DCU pairing, step 2 and the commit through the outbox', () => {
  it('disables Commit when the hours are empty or invalid', async () => {
    renderPairing();
    await reachStep2('');
    const commit = screen.getByRole('button', { name: 'Commit' }) as HTMLButtonElement;
    expect(commit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Engine Hours'), { target: { value: '12.' } });
    expect(commit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Engine Hours'), { target: { value: '123456789' } });
    expect((screen.getByLabelText('Engine Hours') as HTMLInputElement).value).toBe('12345678');
    expect(commit.disabled).toBe(false);
  });

  it('queues the pairing for the signed-in user, sends it with its Idempotency-Key, shows success with BACK', async () => {
    renderPairing();
    await reachStep2();
    handler = (url) =>
      url.pathname === '/api/v1/dcu/pairings'
        ? json(201, {
            pairingId: 'p1',
            imeiNumber: IMEI,
            serialNumber: '41876',
            modelNumber: 'M5-111',
            pairedAt: '2026-11-22T00:00:00Z',
          })
        : json(500, {});
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    const alert = await screen.findByText(`DCU ${IMEI} is paired with M5-111 41876.`);
    expect(alert).toBeTruthy();

    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      kind: 'dcu-pairing',
      ownerUserId: user.id,
      status: 'done',
      summary: `Pair DCU ${IMEI} with M5-111 41876`,
    });
    const post = calls.find((c) => c.url.pathname === '/api/v1/dcu/pairings');
    expect(post?.init.method).toBe('POST');
    expect((post?.init.headers as Record<string, string>)['Idempotency-Key']).toBe(row?.id);
    expect(JSON.parse(String(post?.init.body))).toEqual({
      serialNumber: '41876',
      modelNumber: 'M5-111',
      pin: '',
      dcuPartNumber: 'DCU-4G-200',
      imeiNumber: IMEI,
      usageHours: '1234.5',
    });

    fireEvent.click(screen.getByRole('button', { name: 'BACK' }));
    expect(await screen.findByText('machine detail')).toBeTruthy();
  });

  it('shows a refusal as a warning with the server message; RESET returns to step 1', async () => {
    renderPairing();
    await reachStep2();
    const refusal = 'This DCU is already paired with another machine.';
    handler = () => json(409, { error: 'Conflict', message: refusal, errorCode: 'already-paired' });
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    expect((await screen.findByTestId('dcu-commit-error')).textContent).toBe(refusal);
    const [row] = await db.outbox.toArray();
    expect(row?.status).toBe('needs-attention');

    fireEvent.click(screen.getByRole('button', { name: 'RESET' }));
    expect(await screen.findByLabelText('IMEI')).toBeTruthy();
    expect(imeiField().value).toBe('');
    expect(screen.queryByTestId('dcu-card')).toBeNull();
  });

  it('keeps a commit without an answer on the device and says it will be sent later', async () => {
    renderPairing();
    await reachStep2();
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    expect(await screen.findByText(COMMIT_SAVED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Offline & sync' }).getAttribute('href')).toBe(
      '/settings/offline',
    );
    await waitFor(async () => expect((await db.outbox.toArray())[0]?.status).toBe('retry'));
    expect(screen.queryByText(COMMIT_NETWORK_FAILURE_MESSAGE)).toBeNull();
  });

  it('follows the entry when it is discarded on Offline & sync, and RESET starts again', async () => {
    renderPairing();
    await reachStep2();
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    await screen.findByText(COMMIT_SAVED_MESSAGE);
    await waitFor(async () => expect((await db.outbox.toArray())[0]?.status).toBe('retry'));
    await db.outbox.clear();
    expect(await screen.findByText(COMMIT_DISCARDED_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'RESET' }));
    expect(await screen.findByLabelText('IMEI')).toBeTruthy();
  });

  it("shows product §8's message when the write cannot even be queued", async () => {
    renderPairing();
    await reachStep2();
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    fireEvent.click(screen.getByRole('button', { name: 'Commit' }));
    expect(await screen.findByText(COMMIT_NETWORK_FAILURE_MESSAGE)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('Start over (Step 1) resets from step 2', async () => {
    renderPairing();
    await reachStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Start over (Step 1)' }));
    expect(await screen.findByLabelText('IMEI')).toBeTruthy();
    expect(screen.queryByTestId('dcu-card')).toBeNull();
  });
});
