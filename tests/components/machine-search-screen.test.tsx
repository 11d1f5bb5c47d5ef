import 'fake-indexeddb/auto';
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { MachineSearchScreen } from '../../src/features/machines/machine-search-screen';
import { machineRowOf } from '../../src/sync/machines';
import { machineDetail } from './machine-fixtures';
import { makeUser, resetDb, signInLocally } from './render';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(path: string) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/support/machine/search/imei?" element={<MachineSearchScreen />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await resetDb();
  await signInLocally(makeUser());
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('machine search: customer mode (product §2, §5)', () => {
  it('toggles between the two modes with the product.md texts', () => {
    renderAt('/support/machine/search');
    const toggle = screen.getByRole('button', { name: 'Machine Search by Customer' });
    expect(screen.getByLabelText('Serial Number')).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Search by Model and Serial' })).toBeTruthy();
    expect(screen.getByLabelText('First Name')).toBeTruthy();
    expect(screen.getByLabelText('Last Name')).toBeTruthy();
    expect(screen.getByLabelText('City')).toBeTruthy();
    expect(screen.getByLabelText('State', { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scan Machine Serial Number' })).toBeTruthy();
  });

  it.each([
    [{}, 'You must fill atleast one field'],
    [
      { 'First Name': 'Walter' },
      'Searching by First Name alone is not supported. Please add another field.',
    ],
  ])('shows the rule message before any request: %j', (fields, message) => {
    renderAt('/support/machine/search');
    fireEvent.click(screen.getByRole('button', { name: 'Machine Search by Customer' }));
    for (const [label, value] of Object.entries(fields)) type(label, value);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the machine list with the query in the URL', async () => {
    renderAt('/support/machine/search');
    fireEvent.click(screen.getByRole('button', { name: 'Machine Search by Customer' }));
    type('Last Name', ' Hanson ');
    type('City', 'Northfield');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/support/machineResults?lastName=Hanson&city=Northfield',
    );
  });

  it('keeps what was typed when switching modes', () => {
    renderAt('/support/machine/search');
    type('Serial Number', '52016');
    fireEvent.click(screen.getByRole('button', { name: 'Machine Search by Customer' }));
    type('Last Name', 'Hanson');
    fireEvent.click(screen.getByRole('button', { name: 'Search by Model and Serial' }));
    expect((screen.getByLabelText('Serial Number') as HTMLInputElement).value).toBe('52016');
    fireEvent.click(screen.getByRole('button', { name: 'Machine Search by Customer' }));
    expect((screen.getByLabelText('Last Name') as HTMLInputElement).value).toBe('Hanson');
  });
});

describe('machine search: model typeahead (product §4)', () => {
  it('does not ask before 3 model and 5 serial characters; one match opens the detail', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, {
        status: 'Success',
        message: '',
        modelList: [{ materialNumber: 'M7-172', description: 'M7-172 Premium KVT Tractor' }],
      }),
    );
    renderAt('/support/machine/search');
    // Fake time only here: the clock passes the debounce, so a lookup would have started.
    vi.useFakeTimers();
    try {
      type('Serial Number', '5201');
      type('Model Number', 'M7-');
      act(() => vi.advanceTimersByTime(5_000));
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    type('Serial Number', '52016');
    expect((await screen.findByTestId('where', undefined, { timeout: 3000 })).textContent).toBe(
      '/support/machine/details/sn-52016/mn-M7-172',
    );
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/v1/machines/models?model=M7-&serial=52016',
    );
  });

  it('shows the server message when SearchModel answers Failure', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, { status: 'Failure', message: 'No machine with serial 99999', modelList: [] }),
    );
    renderAt('/support/machine/search');
    type('Serial Number', '99999');
    type('Model Number', 'M7-1');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('No machine with serial 99999'),
    );
  });

  it('shows the request error message', async () => {
    fetchMock.mockImplementation(async () =>
      json(400, { error: 'Bad Request', message: 'Type at least 3 model characters' }),
    );
    renderAt('/support/machine/search');
    type('Serial Number', '52016');
    type('Model Number', 'M7-');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Type at least 3 model characters'),
    );
  });

  function offline() {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
  }
  afterEach(() =>
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true }),
  );

  it('offline with no machines on the device it says so and keeps the input', async () => {
    offline();
    renderAt('/support/machine/search');
    type('Serial Number', '52016');
    type('Model Number', 'M7-172');
    expect((await screen.findByRole('status')).textContent).toMatch(
      /no machines are kept on this device yet/,
    );
    expect(
      (screen.getByLabelText('Model Number', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('M7-172');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offline it searches the machines on the device by model or serial and opens one', async () => {
    const user = makeUser();
    await db.machines.bulkPut(
      [
        machineDetail(),
        machineDetail({
          inventoryId: 'INV-2',
          serialNumber: '52099',
          materialNumber: 'M7-151',
          endCustomerName: 'Ada Farms',
        }),
        machineDetail({ inventoryId: 'INV-3', serialNumber: '10001', materialNumber: 'L4760' }),
      ].map((d) => machineRowOf(user.id, d, Date.now())),
    );
    offline();
    renderAt('/support/machine/search');
    expect((await screen.findByRole('status')).textContent).toBe(
      'No connection: searching the 3 machines on this device.',
    );
    type('Serial Number', '520');
    await screen.findByRole('button', { name: /M7-151 · 52099 · Ada Farms/ });
    expect(screen.getByRole('button', { name: /M7-172 · 52016 · Walter Hanson/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /L4760/ })).toBeNull();

    type('Model Number', 'm7-15');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /M7-172 · 52016/ })).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: /M7-151 · 52099/ }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/support/machine/details/sn-52099/mn-M7-151',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('machine search: telematics variant', () => {
  it('has no toggle or scan button, an Installation Guides link, and opens DCU pairing', async () => {
    await db.config.put({
      key: 'remote',
      syncedAt: Date.now(),
      config: {
        productName: 'Torque',
        version: '1',
        callTscNumber: '1',
        privacyPolicyUrl: '',
        passwordResetUrl: '',
        passwordArticleUrl: '',
        training: {
          certifiedServiceTechCourse: '',
          serviceCoursesCatalog: '',
          technicianCertificationGuide: '',
        },
        productDeliveryInspectionUrl: '',
        crmFrontDoorUrl: '',
        communityUrl: '',
        qualityReportUrl: '',
        partsPdfUrl: '',
        installationGuidesArticleId: 'KA-INSTALL-GUIDES',
      },
    });
    fetchMock.mockImplementation(async () =>
      json(200, {
        status: 'Success',
        message: '',
        modelList: [{ materialNumber: 'M5-111', description: 'x' }],
      }),
    );
    renderAt('/support/machine/search/imei');
    expect(screen.queryByRole('button', { name: 'Machine Search by Customer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scan Machine Serial Number' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Installation Guides' }).getAttribute('href')).toBe(
        '/knowledge/answer?uniqueID=KA-INSTALL-GUIDES',
      ),
    );
    type('Serial Number', '41876');
    type('Model Number', 'M5-');
    expect((await screen.findByTestId('where', undefined, { timeout: 3000 })).textContent).toBe(
      '/support/machine/imei/sn-41876/mn-M5-111',
    );
  });
});
