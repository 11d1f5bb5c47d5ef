import 'fake-indexeddb/auto';
import './setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldPackResponseSchema } from '../../contract/machines';
import { claimsBundleSchema } from '../../contract/predictions';
import { db } from '../../src/db/db';
import { OfflineSyncScreen } from '../../src/features/settings/offline-sync-screen';
import { stubGateway, type GatewayStub } from './gateway-stub';
import { machineDetail } from './machine-fixtures';
import { bundleOf, m5Claims, m7Claims } from './prediction-write-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

/*
 * "Prepare for the field" on the Offline & sync page keeps the past claims of the primed
 * machines' models for parts predictions without signal, and says so in its summary.
 */

const dana = makeUser({ id: 'u-dana' });
const CLAIMS = '/api/v1/predictions/claims';
let gateway: GatewayStub;

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana);
  gateway = stubGateway().on('GET', '/api/v1/machines/field-pack', fieldPackResponseSchema, () => ({
    dealerId: '001000000000000003',
    dealerName: 'Northfield Equipment',
    total: 2,
    machines: [
      machineDetail(),
      machineDetail({
        inventoryId: 'INV-M5111-41876',
        serialNumber: '41876',
        materialNumber: 'M5-111',
      }),
    ],
    next: null,
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Prepare for the field', () => {
  it("keeps the claims of the machines' models and counts them in the summary", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    gateway.on('GET', CLAIMS, claimsBundleSchema, async ({ query }) => {
      await gate;
      return bundleOf(query.models!.split(','), [...m7Claims, ...m5Claims]);
    });
    renderScreen(<OfflineSyncScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download machines' }));

    await screen.findByText('Downloading the past claims of 2 models for parts predictions…');
    release();
    await screen.findByText(/2 machines of Northfield Equipment are on this device/);
    expect(screen.getByText(/For parts predictions: 16 past claims of 2 models\./)).toBeTruthy();
    expect(gateway.requestsTo(CLAIMS).map((r) => r.query)).toEqual([{ models: 'M5-111,M7-172' }]);
    expect((await db.predictionClaims.get([dana.id, 'M7-172']))!.evidence!.claims).toBe(12);
  });

  it('says nothing of claims the gateway could not give', async () => {
    gateway.refuse('GET', CLAIMS, { statusCode: 500, message: 'Internal Server Error' });
    renderScreen(<OfflineSyncScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download machines' }));
    await screen.findByText(/2 machines of Northfield Equipment are on this device/);
    expect(screen.queryByText(/For parts predictions/)).toBeNull();
    expect(await db.predictionClaims.count()).toBe(0);
  });
});
