import './setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelTypeaheadResponseSchema } from '../../contract/machines';
import { db } from '../../src/db/db';
import { CaseCreateScreen } from '../../src/features/cases/case-wizard-screen';
import { machineRowOf } from '../../src/sync/machines';
import type { GatewayStub } from './gateway-stub';
import { machineDetail } from './machine-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';
import { gatewayBehindConnection } from './wizard-gateway';

/*
 * Step 0 (product §2 wizard): opened without a machine, the wizard asks for it with the model
 * typeahead and serial of Machine search, then goes on to step 1 for the machine found.
 */

vi.setConfig({ testTimeout: 30_000 });

const dana = makeUser();
let connection: { online: boolean };
let gateway: GatewayStub;

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  ({ gateway, connection } = gatewayBehindConnection());
});
afterEach(() => {
  vi.unstubAllGlobals();
  connection.online = true;
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderWizard = () =>
  renderScreen(
    <Routes>
      <Route
        path="/support/machine/case/create/:param1?/:param2?/:param3?"
        element={
          <>
            <CaseCreateScreen />
            <Where />
          </>
        }
      />
    </Routes>,
    '/support/machine/case/create/',
  );

const type = (label: string, value: string) =>
  fireEvent.change(
    screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!,
    { target: { value } },
  );

describe('the wizard without a machine in its route', () => {
  it('finds the machine by serial and model typeahead, then goes to step 1', async () => {
    gateway.on('GET', '/api/v1/machines/models', modelTypeaheadResponseSchema, (request) => ({
      status: 'Success' as const,
      message: '',
      modelList:
        request.query.serial === '52016' && request.query.model === 'M7-'
          ? [{ materialNumber: 'M7-172', description: 'M7-172 Premium KVT Tractor' }]
          : [],
    }));
    renderWizard();
    expect((await screen.findByTestId('case-wizard')).dataset.step).toBe('0');
    type('Serial Number', '52016');
    type('Model Number', 'M7-');
    await waitFor(() => expect(screen.getByTestId('case-wizard').dataset.step).toBe('1'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/support/machine/case/create/sn-52016/mn-M7-172/',
      ),
    );
    expect(screen.getByText('M7-172 52016')).toBeTruthy();
    expect(await screen.findByLabelText(/Subject/)).toBeTruthy();
    expect(gateway.requestsTo('/api/v1/machines/models').length).toBeGreaterThan(0);
  });

  it('offline, offers the machines kept on the device', async () => {
    await db.machines.put(machineRowOf(dana.id, machineDetail(), Date.now()));
    connection.online = false;
    renderWizard();
    await screen.findByText('No connection: searching the 1 machine on this device.');
    type('Serial Number', '52016');
    fireEvent.click(await screen.findByRole('button', { name: /M7-172 · 52016/ }));
    await waitFor(() => expect(screen.getByTestId('case-wizard').dataset.step).toBe('1'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/support/machine/case/create/sn-52016/mn-M7-172/',
      ),
    );
  });
});
