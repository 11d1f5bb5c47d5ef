import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bookIdsResponseSchema,
  caseAssistResponseSchema,
  createCaseResponseSchema,
  dtcCodesResponseSchema,
  partsCatalogueResponseSchema,
} from '../../contract/case-create';
import {
  layoutResponseSchema,
  picklistsResponseSchema,
  recordTypesResponseSchema,
} from '../../contract/cases';
import { WizardDrafts } from '../../src/components/wizard-drafts';
import { db } from '../../src/db/db';
import { CaseCreateScreen, ReportCreateScreen } from '../../src/features/cases/case-wizard-screen';
import { json } from './case-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';
import { layoutField } from '../domain/wizard-fields';

vi.setConfig({ testTimeout: 30_000 });

const dana = makeUser();
const calls: Array<{ path: string; method: string; body: unknown }> = [];
let catalogueFails = false;

const layout = layoutResponseSchema.parse({
  recordType: { id: 'rt-case', kind: 'Case', name: 'Case' },
  sections: [
    {
      id: 'machine',
      heading: 'Machine Information',
      fields: [
        layoutField('Current_Engine_Hours__c', 'Double', {
          label: 'Machine Hours/Bales',
          required: true,
        }),
        layoutField('Implement_Name__c', 'String', { label: 'Implement Name' }),
      ],
    },
    {
      id: 'issue',
      heading: 'Issue Information',
      fields: [layoutField('Description', 'TextArea', { label: 'Description' })],
    },
  ],
  defaults: {},
});

function handle(path: string, method: string): Response {
  if (method === 'POST' && path === '/api/v1/cases') {
    return json(
      201,
      createCaseResponseSchema.parse({
        id: 'case-5',
        caseNumber: '00005005',
        recordType: 'Case',
        recordTypeId: 'rt-case',
        status: 'Created',
        createdAt: '2026-11-23T12:00:00Z',
      }),
    );
  }
  if (path === '/api/v1/cases/record-types') {
    return json(
      200,
      recordTypesResponseSchema.parse({
        recordTypes: [{ id: 'rt-case', kind: 'Case', name: 'Case' }],
      }),
    );
  }
  if (path.startsWith('/api/v1/case-layouts/')) return json(200, layout);
  if (path.startsWith('/api/v1/case-picklists/')) {
    return json(200, picklistsResponseSchema.parse({ recordTypeId: 'rt-case', picklists: {} }));
  }
  if (path === '/api/v1/machines/dtc-codes') {
    return json(200, dtcCodesResponseSchema.parse({ modelNumber: 'M7-172', codes: [] }));
  }
  if (path === '/api/v1/case-assist')
    return json(200, caseAssistResponseSchema.parse({ results: [] }));
  if (path === '/api/v1/parts-catalogue/book-ids') {
    return json(200, bookIdsResponseSchema.parse({ modelNumber: 'M7-172', bookIds: ['100123'] }));
  }
  if (path === '/api/v1/parts-catalogue') {
    if (catalogueFails) return json(504, { message: 'The parts catalogue did not answer in time' });
    return json(
      200,
      partsCatalogueResponseSchema.parse({
        modelNumber: 'M7-172',
        bookIds: ['100123'],
        assemblies: [
          {
            id: 'a1',
            name: 'Engine',
            subAssemblies: [
              { id: 's1', name: 'Fuel System', parts: [{ name: 'Fuel Injector', number: '8765' }] },
            ],
          },
        ],
      }),
    );
  }
  return json(404, { message: 'Not found' });
}

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  calls.length = 0;
  catalogueFails = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({
        path: url.pathname,
        method,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      });
      return handle(url.pathname, method);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const PATH = '/support/machine/case/create/sn-52016/mn-M7-172/pin-PIN0000000052016/';
const renderWizard = () =>
  renderScreen(
    <Routes>
      <Route
        path="/support/machine/case/create/:param1?/:param2?/:param3?"
        element={<CaseCreateScreen />}
      />
      <Route
        path="/support/machine/report/create/:param1?/:param2?/:param3?"
        element={<ReportCreateScreen />}
      />
      <Route path="/support/machine/details/*" element={<p>machine page</p>} />
    </Routes>,
    PATH,
  );

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
/** The input of a label (an autocomplete's list is labelled by it too). */
const input = (label: string | RegExp) =>
  screen
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') as HTMLInputElement;
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(input(label), { target: { value } });

describe('create case wizard (product §2, §4 Wizard, §5 Wizard)', () => {
  it('walks a case from the symptom to the confirmation with the case number', async () => {
    renderWizard();
    await screen.findByLabelText(/Subject/);
    next();
    expect(await screen.findByText('Subject cannot be empty.')).toBeTruthy();
    type(/Subject/, 'Engine stalls when hot');
    next();
    expect(await screen.findByText('No Knowledge Articles found')).toBeTruthy();
    next();
    await screen.findAllByLabelText(/^Assembly/);
    next();
    expect(await screen.findAllByText('Field is required.')).toHaveLength(3);
    type(/^Assembly/, 'Engine');
    type(/^Sub Assembly/, 'Fuel System');
    type(/^Causal Part/, '8765 Fuel Injector');
    type(/Failure Date/, '2026-11-20');
    next();
    expect(await screen.findByRole('heading', { name: 'Machine Information' })).toBeTruthy();
    next();
    expect(await screen.findByText('Machine Hours is required.')).toBeTruthy();
    type(/Machine Hours\/Bales/, '12a00');
    expect(input(/Machine Hours\/Bales/).value).toBe('1200');
    next();
    expect(await screen.findByRole('heading', { name: 'Issue Information' })).toBeTruthy();
    type(/Description/, 'It stalls');
    next();
    await screen.findByLabelText('Message');
    type('Message', '  First message  ');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for your submission')).toBeTruthy();
    expect(await screen.findByText('00005005', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'GO TO CASE' })).toBeTruthy();

    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/cases')!;
    expect(created.body).toMatchObject({
      fields: {
        Origin: 'Torque App',
        RecordTypeId: 'rt-case',
        Subject: 'Engine stalls when hot',
        Serial_Number__c: '52016',
        Model_Number__c: 'M7-172',
        Failure_Date__c: '2026-11-20T00:00:00Z',
        Causal_Part_Number__c: '8765',
        Causal_Part__c: 'Fuel Injector',
        Current_Engine_Hours__c: 1200,
        Description: 'It stalls',
        AccountId: 'a-1',
        ContactId: 'c-1',
      },
    });
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/v1/cases/case-5/feed')).toBe(true),
    );
    const events = calls
      .filter((c) => c.path === '/api/v1/case-assist/events')
      .flatMap((c) => (c.body as { events: Array<{ type: string; stage: string | null }> }).events);
    expect(events.map((e) => e.stage ?? e.type)).toEqual([
      'ticket_field_update',
      '2',
      '3',
      '4',
      '4.1',
      '5',
      'ticket_create',
    ]);
    // The draft went with the queued case.
    expect(await db.caseDrafts.count()).toBe(0);
  });

  it('shows one form page at a time and keeps what was typed on the other', async () => {
    renderWizard();
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Engine stalls when hot');
    next();
    await screen.findByText('No Knowledge Articles found');
    next();
    await screen.findAllByLabelText(/^Assembly/);
    type(/^Assembly/, 'Engine');
    type(/^Sub Assembly/, 'Fuel System');
    type(/^Causal Part/, '8765 Fuel Injector');
    next();
    await screen.findByRole('heading', { name: 'Machine Information' });
    // The other page is out of sight and of the accessibility tree.
    expect(screen.queryByRole('heading', { name: 'Issue Information' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull();
    type(/Machine Hours\/Bales/, '1200');
    next();
    await screen.findByRole('heading', { name: 'Issue Information' });
    expect(screen.queryByRole('heading', { name: 'Machine Information' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Machine Hours/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { name: 'Machine Information' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Machine Hours/ }).value).toBe(
      '1200',
    );
  });

  it('keeps the draft: a second visit resumes where the user was', async () => {
    const first = renderWizard();
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Hydraulic leak');
    next();
    await screen.findByText('No Knowledge Articles found');
    await waitFor(async () =>
      expect((await db.caseDrafts.toArray())[0]?.subject).toBe('Hydraulic leak'),
    );
    first.unmount();
    const second = renderWizard();
    expect(await screen.findByText('No Knowledge Articles found')).toBeTruthy();
    second.unmount();

    // The machine page lists it with Resume and Discard.
    renderScreen(
      <WizardDrafts ownerUserId={dana.id} machine={{ serial: '52016', model: 'M7-172' }} />,
    );
    expect(await screen.findByText(/Case for M7-172 52016: Hydraulic leak/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await db.caseDrafts.count()).toBe(0));
  });

  it('turns the parts fields into free text when the catalogue fails', async () => {
    catalogueFails = true;
    renderWizard();
    type(await screen.findByLabelText(/Subject/).then(() => /Subject/), 'Noise');
    next();
    await screen.findByText('No Knowledge Articles found');
    next();
    expect(await screen.findByText(/parts catalogue is not available/)).toBeTruthy();
  });

  it('puts the step buttons before the suggestions, so their arrival cannot move them', async () => {
    renderWizard();
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Noise');
    next();
    const empty = await screen.findByText('No Knowledge Articles found');
    for (const name of ['Previous', 'Next', 'Solve Request', 'Cancel Request']) {
      const button = screen.getByRole('button', { name });
      expect(button.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('Cancel Request returns to the machine page', async () => {
    renderWizard();
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Noise');
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('machine page')).toBeTruthy();
    const cancel = calls
      .filter((c) => c.path === '/api/v1/case-assist/events')
      .flatMap((c) => (c.body as { events: Array<{ type: string; reason: string | null }> }).events)
      .find((e) => e.type === 'ticket_cancel');
    expect(cancel?.reason).toBe('Quit');
  });

  it('tells an external user that reports are internal only', async () => {
    renderScreen(
      <Routes>
        <Route
          path="/support/machine/report/create/:param1?/:param2?/:param3?"
          element={<ReportCreateScreen />}
        />
      </Routes>,
      '/support/machine/report/create/sn-52016/mn-M7-172/pin-PIN0000000052016/',
    );
    expect(await screen.findByText('Reports are for internal users only.')).toBeTruthy();
  });
});
