import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { machineLookupResponseSchema } from '../../contract/machines';
import { db } from '../../src/db/db';
import { CaseCreateScreen } from '../../src/features/cases/case-wizard-screen';
import { SUGGESTIONS_NEED_CONNECTION } from '../../src/features/cases/wizard-step-suggestions';
import { MachineDetailScreen } from '../../src/features/machines/machine-detail-screen';
import { machineRowOf } from '../../src/sync/machines';
import { layoutField } from '../domain/wizard-fields';
import { machineDetail } from './machine-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';
import { gatewayBehindConnection, type WizardAnswers } from './wizard-gateway';

/*
 * The wizard without signal for a machine seen online (product §4 Offline-first): the layout,
 * picklists, DTC values and parts catalogue come from the device.
 */

vi.setConfig({ testTimeout: 30_000 });

const dana = makeUser();
let connection: { online: boolean };

const answers: WizardAnswers = {
  machineFields: [layoutField('Terrain__c', 'Picklist', { label: 'Terrain' })],
  picklists: {
    Terrain__c: {
      controllerName: null,
      defaultValue: null,
      values: [
        { value: 'Flat', label: 'Flat', validFor: [] },
        { value: 'Rolling Hills', label: 'Rolling Hills', validFor: [] },
      ],
    },
  },
  dtcCodes: [{ code: 'P0217', description: 'Engine overheat' }],
  assemblies: [
    {
      id: 'a1',
      name: 'Engine',
      subAssemblies: [
        { id: 's1', name: 'Fuel System', parts: [{ name: 'Fuel Injector', number: '8765' }] },
      ],
    },
  ],
};

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  await db.machines.put(machineRowOf(dana.id, machineDetail(), Date.now()));
});
afterEach(() => {
  vi.unstubAllGlobals();
  connection.online = true;
});

const WIZARD = '/support/machine/case/create/sn-52016/mn-M7-172/pin-KBCM7172VNP052016/';
const renderWizard = () =>
  renderScreen(
    <Routes>
      <Route
        path="/support/machine/case/create/:param1?/:param2?/:param3?"
        element={<CaseCreateScreen />}
      />
    </Routes>,
    WIZARD,
  );

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const field = (label: RegExp) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

/** Walks the wizard offline and checks every kept lookup is offered. */
async function walkOffline() {
  connection.online = false;
  renderWizard();
  await screen.findByLabelText(/Subject/);
  type(/Subject/, 'Engine overheats');
  fireEvent.focus(field(/DTC Code/));
  type(/DTC Code/, 'P02');
  // The kept code, with its description.
  await waitFor(() => expect(optionTexts()).toEqual(['P0217Engine overheat']));
  next();
  // Suggestions need the server: the step says so rather than that there are none.
  await screen.findByText(SUGGESTIONS_NEED_CONNECTION);
  expect(screen.queryByText('No Knowledge Articles found')).toBeNull();
  next();
  // The kept catalogue: a choice from the tree, not free text.
  await screen.findAllByLabelText(/^Assembly/);
  expect(screen.queryByText(/parts catalogue is not available/)).toBeNull();
  fireEvent.focus(field(/^Assembly/));
  fireEvent.click(field(/^Assembly/));
  await waitFor(() => expect(optionTexts()).toContain('Engine'));
  type(/^Assembly/, 'Engine');
  type(/^Sub Assembly/, 'Fuel System');
  type(/^Causal Part/, '8765 Fuel Injector');
  next();
  await screen.findByRole('heading', { name: 'Machine Information' });
  next();
  await screen.findByRole('heading', { name: 'Issue Information' });
  // The kept picklist: its values are offered.
  fireEvent.click(field(/Terrain/));
  await waitFor(() => expect(optionTexts()).toEqual(['-None-', 'Flat', 'Rolling Hills']));
}

describe('the wizard offline, for a machine seen online', () => {
  it('uses what a machine page opened online kept', async () => {
    let gateway;
    ({ connection, gateway } = gatewayBehindConnection(answers));
    gateway.on('GET', '/api/v1/machines/lookup', machineLookupResponseSchema, () => ({
      machine: machineDetail(),
    }));
    const page = renderScreen(
      <Routes>
        <Route
          path="/support/machine/details/:param1/:param2?/:param3?"
          element={<MachineDetailScreen />}
        />
      </Routes>,
      '/support/machine/details/sn-52016/mn-M7-172',
    );
    await screen.findByTestId('machine-header');
    await waitFor(async () =>
      expect((await db.wizardLookups.toArray()).map((r) => r.key).sort()).toEqual([
        'dtc|M7-172',
        'parts|M7-172',
        'picklists|rt-case',
      ]),
    );
    await waitFor(async () => expect(await db.caseLayouts.count()).toBe(1));
    page.unmount();
    await walkOffline();
  });

  it('uses what an earlier visit of the wizard online kept', async () => {
    ({ connection } = gatewayBehindConnection(answers));
    const first = renderWizard();
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Engine overheats');
    next();
    await screen.findByText('No Knowledge Articles found');
    next();
    await screen.findAllByLabelText(/^Assembly/);
    first.unmount();
    await db.caseDrafts.clear();
    await walkOffline();
  });

  it('offline with nothing kept, the parts fields are free text', async () => {
    ({ connection } = gatewayBehindConnection(answers));
    connection.online = false;
    renderWizard();
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Engine overheats');
    next();
    await screen.findByText(SUGGESTIONS_NEED_CONNECTION);
    next();
    expect(await screen.findByText(/parts catalogue is not available/)).toBeTruthy();
  });
});
