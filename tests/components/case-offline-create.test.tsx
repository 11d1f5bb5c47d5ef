import './setup-dom';
import './node-blobs';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContactResponseSchema } from '../../contract/case-create';
import { CaseSentNotices } from '../../src/components/case-sent-notices';
import { db } from '../../src/db/db';
import { CaseListScreen } from '../../src/features/cases/case-list-screen';
import { CaseCreateScreen } from '../../src/features/cases/case-wizard-screen';
import { RecentActivity } from '../../src/features/home/recent-activity';
import { MachineDetailScreen } from '../../src/features/machines/machine-detail-screen';
import { queueNewCase } from '../../src/sync/case-create';
import { localReference } from '../../src/sync/local-reference';
import { machineRowOf } from '../../src/sync/machines';
import { syncNow } from '../../src/sync/replay';
import type { GatewayStub } from './gateway-stub';
import { machineDetail } from './machine-fixtures';
import { gatewayBehindConnection } from './wizard-gateway';
import { makeUser, resetDb, signInLocally } from './render';

/*
 * A case made without signal (product §4 Wizard, Offline-first): it shows at once in the case
 * lists and on the machine as waiting to send with its local reference, and when the gateway
 * has it the number takes the reference's place and the app says so.
 */

vi.setConfig({ testTimeout: 30_000 });

const dana = makeUser();
let connection: { online: boolean };
let gateway: GatewayStub;

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  await db.machines.put(machineRowOf(dana.id, machineDetail(), Date.now()));
  ({ gateway, connection } = gatewayBehindConnection());
});
afterEach(() => {
  vi.unstubAllGlobals();
  connection.online = true;
});

function renderApp(ui: ReactElement, path: string) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <CaseSentNotices />
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const type = (label: RegExp, value: string) =>
  fireEvent.change(
    screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!,
    { target: { value } },
  );

async function caseEntry() {
  return (await db.outbox.toArray()).find((r) => r.kind === 'case-create');
}

/** Back online: what the page does on the `online` event. */
async function backOnline() {
  connection.online = true;
  await syncNow();
}

describe('a case created offline', () => {
  it('step 6 says it will be sent, with the local reference, then shows the number', async () => {
    renderApp(
      <Routes>
        <Route
          path="/support/machine/case/create/:param1?/:param2?/:param3?"
          element={<CaseCreateScreen />}
        />
      </Routes>,
      '/support/machine/case/create/sn-52016/mn-M7-172/pin-KBCM7172VNP052016/',
    );
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Engine stalls when hot');
    next();
    await screen.findByText('No Knowledge Articles found');
    next();
    await screen.findByText(/parts catalogue is not available/);
    type(/^Assembly/, 'Engine');
    type(/^Sub Assembly/, 'Fuel System');
    type(/^Causal Part/, '8765 Fuel Injector');
    next();
    await screen.findByRole('heading', { name: 'Machine Information' });
    next();
    await screen.findByRole('heading', { name: 'Issue Information' });
    next();
    await screen.findByLabelText('Message');
    connection.online = false;
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Thank you for your submission')).toBeTruthy();
    await waitFor(async () => expect((await caseEntry())?.status).toBe('retry'));
    const reference = localReference((await caseEntry())!.id);
    const confirmation = screen.getByTestId('wizard-confirmation');
    expect(confirmation.textContent).toContain(
      'Your case will be sent when the device is back online.',
    );
    expect(within(confirmation).getByText(reference)).toBeTruthy();
    expect(within(confirmation).queryByRole('button', { name: 'GO TO CASE' })).toBeNull();

    await backOnline();
    expect(await within(confirmation).findByText('00007707')).toBeTruthy();
    expect(within(confirmation).getByRole('button', { name: 'GO TO CASE' })).toBeTruthy();
    expect(gateway.requestsTo('/api/v1/cases').filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  async function queueOffline(subject: string, withNewContact = false) {
    connection.online = false;
    const queued = await queueNewCase({
      kind: 'Case',
      fields: {
        Subject: subject,
        Serial_Number__c: '52016',
        Model_Number__c: 'M7-172',
        RecordTypeId: 'rt-case',
      },
      newContact: withNewContact
        ? {
            accountId: 'a-1',
            firstName: 'Riley',
            lastName: 'Owner',
            phone: '(515) 555-0100',
            email: 'riley@example.com',
          }
        : null,
      files: [],
      message: '',
    });
    const first = queued.contact ?? queued.caseEntry;
    await waitFor(async () => expect((await db.outbox.get(first.id))?.status).toBe('retry'));
    return localReference(queued.caseEntry.id);
  }

  it('leads the dealer case list as waiting to send, then shows its number and a notice', async () => {
    const reference = await queueOffline('Hydraulic leak at the loader');
    renderApp(
      <Routes>
        <Route path="/support/cases" element={<CaseListScreen />} />
      </Routes>,
      '/support/cases',
    );
    const row = (await screen.findByText('Hydraulic leak at the loader')).closest('a')!;
    expect(within(row).getByText(reference)).toBeTruthy();
    expect(within(row).getByText('Waiting to send')).toBeTruthy();
    expect(row.getAttribute('href')).toBe('/settings/offline');

    await backOnline();
    await waitFor(() => expect(within(row).queryByText('00007707')).toBeTruthy());
    expect(within(row).getByText('Created')).toBeTruthy();
    expect(row.getAttribute('href')).toBe('/support/case/case-77');
    expect(
      await screen.findByText('"Hydraulic leak at the loader" reached the TSC as case 00007707.'),
    ).toBeTruthy();
  });

  it("shows on Home's Cases tab and on the machine page's Cases tab", async () => {
    const reference = await queueOffline('Cab heater blows cold');
    const home = renderApp(<RecentActivity userId={dana.id} machines={[]} />, '/home');
    fireEvent.click(screen.getByRole('tab', { name: 'Cases' }));
    expect(await screen.findByText('Cab heater blows cold')).toBeTruthy();
    expect(screen.getByText(reference)).toBeTruthy();
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    home.unmount();

    renderApp(
      <Routes>
        <Route
          path="/support/machine/details/:param1/:param2?/:param3?"
          element={<MachineDetailScreen />}
        />
      </Routes>,
      '/support/machine/details/sn-52016/mn-M7-172',
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Cases' }));
    const row = await screen.findByTestId('case-row');
    expect(within(row).getByText('Cab heater blows cold')).toBeTruthy();
    expect(within(row).getByText(reference)).toBeTruthy();
    expect(within(row).getByText('Waiting to send')).toBeTruthy();
  });

  it('is not shown on another machine', async () => {
    await queueOffline('Cab heater blows cold');
    await db.machines.put(
      machineRowOf(dana.id, machineDetail({ serialNumber: '60001', inventoryId: 'INV-2' }), 1),
    );
    renderApp(
      <Routes>
        <Route
          path="/support/machine/details/:param1/:param2?/:param3?"
          element={<MachineDetailScreen />}
        />
      </Routes>,
      '/support/machine/details/sn-60001/mn-M7-172',
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Cases' }));
    expect(await screen.findByText('No Case History to Display')).toBeTruthy();
  });

  it('says so too when it waited behind a new contact made offline', async () => {
    gateway.on('POST', '/api/v1/contacts', createContactResponseSchema, () => ({
      id: 'contact-9',
      accountId: 'a-1',
      name: 'Riley Owner',
      firstName: 'Riley',
      lastName: 'Owner',
      email: 'riley@example.com',
      phone: '(515) 555-0100',
      type: 'Dealer Contact',
    }));
    const reference = await queueOffline('Loader arm drifts down', true);
    renderApp(
      <Routes>
        <Route path="/support/cases" element={<CaseListScreen />} />
      </Routes>,
      '/support/cases',
    );
    expect(await screen.findByText(reference)).toBeTruthy();
    await backOnline();
    expect(
      await screen.findByText('"Loader arm drifts down" reached the TSC as case 00007707.'),
    ).toBeTruthy();
    const sent = gateway.requestsTo('/api/v1/cases').find((r) => r.method === 'POST');
    expect((sent?.body as { fields: { ContactId: string } }).fields.ContactId).toBe('contact-9');
  });
});
