import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCaseResponseSchema } from '../../contract/case-create';
import {
  layoutResponseSchema,
  recordTypesResponseSchema,
  type RecordKind,
} from '../../contract/cases';
import { machineLookupResponseSchema } from '../../contract/machines';
import { db } from '../../src/db/db';
import { CaseCreateScreen, ReportCreateScreen } from '../../src/features/cases/case-wizard-screen';
import { machineRowOf } from '../../src/sync/machines';
import { layoutField } from '../domain/wizard-fields';
import type { GatewayStub } from './gateway-stub';
import { machineDetail } from './machine-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';
import { CREATED_CASE, gatewayBehindConnection } from './wizard-gateway';

/*
 * The wizard opened by its path alone (a bookmark, a link) links the new record to the machine
 * the path names, shows that machine's IMEI, and says what happens to the record once submitted.
 */

vi.setConfig({ testTimeout: 30_000 });

const ada = makeUser({ id: 'u-ada', kind: 'internal', userType: 'Standard' });
let gateway: GatewayStub;
let connection: { online: boolean };

/** The record type of `kind` with the form's first page: hours, and the read-only IMEI. */
function answerKind(kind: RecordKind) {
  const id = kind === 'Case' ? 'rt-case' : 'rt-report';
  gateway
    .on('GET', '/api/v1/cases/record-types', recordTypesResponseSchema, () => ({
      recordTypes: [
        { id: 'rt-case', kind: 'Case' as const, name: 'Case' },
        { id: 'rt-report', kind: 'Report' as const, name: 'Report' },
      ],
    }))
    .on('GET', /^\/api\/v1\/case-layouts\//, layoutResponseSchema, () => ({
      recordType: { id, kind, name: kind },
      sections: [
        {
          id: 'machine',
          heading: 'Machine Information',
          fields: [
            layoutField('IMEI_Number__c', 'String', {
              label: 'IMEI Number',
              editableForNew: false,
            }),
            layoutField('Implement_Name__c', 'String', { label: 'Implement Name' }),
          ],
        },
      ],
      defaults: {},
    }));
}

beforeEach(async () => {
  await resetDb();
  await signInLocally(ada, { sessionFor: 3_600_000 });
  ({ gateway, connection } = gatewayBehindConnection());
  gateway.on('GET', '/api/v1/machines/lookup', machineLookupResponseSchema, () => ({
    machine: machineDetail(),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  connection.online = true;
});

const renderWizard = (path: string) =>
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
    </Routes>,
    path,
  );

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const input = (label: RegExp) =>
  screen
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') as HTMLInputElement;
const type = (label: RegExp, value: string) =>
  fireEvent.change(input(label), { target: { value } });

/** From step 1 to the form's first page, typing the parts as free text. */
async function toForm(kind: RecordKind) {
  await screen.findByLabelText(/Subject/);
  type(/Subject/, 'Engine stalls when hot');
  next();
  if (kind === 'Case') {
    await screen.findByText('No Knowledge Articles found');
    next();
  }
  await screen.findAllByLabelText(/^Assembly/);
  type(/^Assembly/, 'Engine');
  type(/^Sub Assembly/, 'Fuel System');
  type(/^Causal Part/, '8765 Fuel Injector');
  next();
  if (kind === 'Report') {
    await screen.findByText('Who is this Report for?');
    next();
  }
  await screen.findByRole('heading', {
    name: kind === 'Case' ? 'Machine Information' : 'Issue Information',
  });
}

/** To the confirmation; `offline` cuts the connection just before Submit. */
async function submitCase(offline = false) {
  await toForm('Case');
  next();
  await screen.findByRole('heading', { name: 'Issue Information' });
  next();
  await screen.findByLabelText('Message');
  if (offline) connection.online = false;
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findByText('Thank you for your submission');
}

const sentFields = async () => {
  const entry = (await db.outbox.toArray()).find((r) => r.kind === 'case-create');
  return (entry?.payload as { fields: Record<string, unknown> }).fields;
};

describe('the wizard opened by its path', () => {
  it('online, fetches the machine the device lacks and links the case to it', async () => {
    answerKind('Case');
    renderWizard('/support/machine/case/create/sn-52016/mn-M7-172/');
    await submitCase();
    expect(await sentFields()).toMatchObject({
      Inventory__c: 'INV-M7172-52016',
      IMEI_Number__c: '356938035643809',
      PIN__c: 'KBCM7172VNP052016',
    });
    expect(gateway.requestsTo('/api/v1/machines/lookup')[0]?.query).toMatchObject({
      serial: '52016',
      model: 'M7-172',
    });
  });

  it('finds the machine under the model as the gateway spells it', async () => {
    answerKind('Case');
    renderWizard('/support/machine/case/create/sn-52016/mn-m7-172/');
    await submitCase();
    expect(await sentFields()).toMatchObject({ Inventory__c: 'INV-M7172-52016' });
  });

  it('links the case to the machine kept on the device without asking the gateway', async () => {
    answerKind('Case');
    await db.machines.put(machineRowOf(ada.id, machineDetail(), Date.now()));
    renderWizard('/support/machine/case/create/sn-52016/mn-M7-172/');
    await submitCase(true);
    expect(await sentFields()).toMatchObject({ Inventory__c: 'INV-M7172-52016' });
    expect(gateway.requestsTo('/api/v1/machines/lookup')).toHaveLength(0);
  });

  it("shows the machine's IMEI in the report form's read-only IMEI Number", async () => {
    answerKind('Report');
    renderWizard('/support/machine/report/create/sn-52016/mn-M7-172/');
    await toForm('Report');
    await waitFor(() => expect(input(/^IMEI Number/).value).toBe('356938035643809'));
    expect(input(/^IMEI Number/).readOnly).toBe(true);
  });
});

describe('the confirmation of a submitted case', () => {
  it('online, says the case is being sent until its number comes back', async () => {
    answerKind('Case');
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    gateway.on(
      'POST',
      '/api/v1/cases',
      createCaseResponseSchema,
      async () => {
        await answered;
        return CREATED_CASE;
      },
      201,
    );
    renderWizard('/support/machine/case/create/sn-52016/mn-M7-172/');
    await submitCase();
    const confirmation = screen.getByTestId('wizard-confirmation');
    await waitFor(() =>
      expect(gateway.requests.some((r) => r.method === 'POST' && r.path === '/api/v1/cases')).toBe(
        true,
      ),
    );
    expect(confirmation.textContent).toMatch(/^Thank you for your submissionSending your case…/);
    expect(confirmation.textContent).toContain('Local reference: LOCAL-');
    expect(confirmation.textContent).not.toContain('back online');
    answer();
    expect(await within(confirmation).findByText(CREATED_CASE.caseNumber)).toBeTruthy();
  });

  it('offline, says the case will be sent when the device is back online', async () => {
    answerKind('Case');
    renderWizard('/support/machine/case/create/sn-52016/mn-M7-172/');
    await submitCase(true);
    expect(screen.getByTestId('wizard-confirmation').textContent).toContain(
      'Your case will be sent when the device is back online. Local reference: LOCAL-',
    );
  });
});
