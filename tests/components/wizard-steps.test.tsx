import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupResponseSchema, type Picklist } from '../../contract/cases';
import { initialPicklistState } from '../../src/domain/dependent-picklists';
import type { FailureDetails } from '../../src/domain/case-payload';
import { CaseCreateScreen } from '../../src/features/cases/case-wizard-screen';
import { useWizardForm } from '../../src/features/cases/use-wizard-form';
import { WizardFormPage } from '../../src/features/cases/wizard-form';
import { PartiesStep, type Parties } from '../../src/features/cases/wizard-step-account';
import {
  FAILURE_DATE_FUTURE_MESSAGE,
  FailureStep,
  UNFINISHED_DATE,
  failureErrors,
  type FailureErrors,
} from '../../src/features/cases/wizard-step-failure';
import { SUGGESTIONS_HEADING } from '../../src/features/cases/wizard-step-suggestions';
import { SymptomStep } from '../../src/features/cases/wizard-step-symptom';
import { layoutField } from '../domain/wizard-fields';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';
import { gatewayBehindConnection } from './wizard-gateway';

/*
 * The wizard's own steps as a technician meets them (product §2 Create case or report wizard,
 * §4 Dependent picklists and Account/contact, §5 Wizard): where they are, what a list offers
 * when it opens again, the failure date, the DTC codes' descriptions, and why a field waits.
 */

vi.setConfig({ testTimeout: 30_000 });

const dana = makeUser();
const ASSEMBLIES = [
  {
    id: 'a1',
    name: 'Engine',
    subAssemblies: [
      { id: 's1', name: 'Fuel System', parts: [{ name: 'Fuel Injector', number: '8765' }] },
    ],
  },
  {
    id: 'a2',
    name: 'Hydraulics',
    subAssemblies: [{ id: 's2', name: 'Pump', parts: [{ name: 'Gear Pump', number: '4411' }] }],
  },
];

let gateway: ReturnType<typeof gatewayBehindConnection>['gateway'];
beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  ({ gateway } = gatewayBehindConnection({
    dtcCodes: [
      { code: 'P0217', description: 'Engine overheat' },
      { code: 'P0219', description: null },
    ],
    assemblies: ASSEMBLIES,
  }));
});
afterEach(() => vi.unstubAllGlobals());

const field = (label: RegExp) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);
const pick = async (label: RegExp, option: string) => {
  fireEvent.focus(field(label));
  fireEvent.click(field(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

function Failure({ onValue }: { onValue?: (value: FailureDetails) => void }) {
  const [value, setValue] = useState<FailureDetails>({
    assembly: '',
    subAssembly: '',
    keyPart: '',
    failureDate: '',
    probableCauseRemarks: '',
  });
  const [errors] = useState<FailureErrors>({});
  return (
    <FailureStep
      ownerUserId={dana.id}
      model="M7-172"
      value={value}
      errors={errors}
      onChange={(change) =>
        setValue((v) => {
          const next = { ...v, ...change };
          onValue?.(next);
          return next;
        })
      }
    />
  );
}

describe('the parts step', () => {
  it('lists every assembly when Assembly opens again, and the same choice keeps what is under it', async () => {
    renderScreen(<Failure />);
    await screen.findAllByLabelText(/^Assembly/);
    await pick(/^Assembly/, 'Engine');
    await waitFor(() => expect(field(/^Assembly/).value).toBe('Engine'));
    await pick(/^Sub Assembly/, 'Fuel System');
    await pick(/^Causal Part/, '8765 Fuel Injector');
    await waitFor(() => expect(field(/^Causal Part/).value).toBe('8765 Fuel Injector'));

    // Opened again with "Engine" in it, Assembly offers every assembly, not only "Engine".
    fireEvent.blur(field(/^Assembly/));
    fireEvent.focus(field(/^Assembly/));
    fireEvent.click(field(/^Assembly/));
    await waitFor(() => expect(optionNames()).toEqual(['Engine', 'Hydraulics']));
    fireEvent.click(screen.getByRole('option', { name: 'Engine' }));
    await waitFor(() => expect(screen.queryAllByRole('option')).toEqual([]));
    expect(field(/^Sub Assembly/).value).toBe('Fuel System');
    expect(field(/^Causal Part/).value).toBe('8765 Fuel Injector');
    // Text typed still narrows the list.
    fireEvent.change(field(/^Assembly/), { target: { value: 'Hyd' } });
    await waitFor(() => expect(optionNames()).toEqual(['Hydraulics']));
  });

  it('offers a date picker for Failure Date that refuses a day after today', async () => {
    let last: FailureDetails | undefined;
    renderScreen(<Failure onValue={(v) => (last = v)} />);
    await screen.findAllByLabelText(/^Assembly/);
    const date = field(/Failure Date/);
    expect(date.type).toBe('date');
    const today = new Date();
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(date.max).toBe(iso(today));

    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    fireEvent.change(date, { target: { value: iso(tomorrow) } });
    fireEvent.blur(date);
    expect(await screen.findByText(FAILURE_DATE_FUTURE_MESSAGE)).toBeTruthy();

    fireEvent.change(date, { target: { value: '2026-03-07' } });
    fireEvent.blur(date);
    await waitFor(() => expect(screen.queryByText(FAILURE_DATE_FUTURE_MESSAGE)).toBeNull());
    // Kept as the product types dates: MM/DD/YYYY.
    expect(last?.failureDate).toBe('03/07/2026');
  });

  it('refuses a future, a half-typed or an impossible failure date on Next', () => {
    const parts = { assembly: 'A', subAssembly: 'S', keyPart: 'K', probableCauseRemarks: '' };
    const today = new Date(2026, 10, 23);
    const errors = (failureDate: string) => failureErrors({ ...parts, failureDate }, today);
    expect(errors('11/24/2026')).toEqual({ failureDate: FAILURE_DATE_FUTURE_MESSAGE });
    expect(errors(UNFINISHED_DATE)).toEqual({ failureDate: 'Must be valid format' });
    expect(errors('02/30/2026')).toEqual({ failureDate: 'Must be valid format' });
    expect(errors('11/23/2026')).toEqual({});
    expect(errors('')).toEqual({});
  });
});

describe('the problem step', () => {
  it('shows each DTC code with its description, and sends the code', async () => {
    function Symptom() {
      const [value, setValue] = useState({ subject: '', dtc: '' });
      return (
        <SymptomStep
          ownerUserId={dana.id}
          model="M7-172"
          subject={value.subject}
          dtc={value.dtc}
          error={null}
          onChange={(c) => setValue((v) => ({ ...v, ...c }))}
        />
      );
    }
    renderScreen(<Symptom />);
    await waitFor(() => expect(gateway.requestsTo('/api/v1/machines/dtc-codes')).toHaveLength(1));
    fireEvent.focus(field(/DTC Code/));
    fireEvent.change(field(/DTC Code/), { target: { value: 'P02' } });
    const option = await screen.findByRole('option', { name: /P0217/ });
    expect(within(option).getByText('P0217')).toBeTruthy();
    expect(within(option).getByText('Engine overheat')).toBeTruthy();
    expect(optionNames()).toEqual(['P0217Engine overheat', 'P0219']);
    fireEvent.click(option);
    await waitFor(() => expect(field(/DTC Code/).value).toBe('P0217'));
  });
});

describe('where the user is', () => {
  it('says which step of how many, and step 2 has its heading', async () => {
    renderScreen(
      <Routes>
        <Route
          path="/support/machine/case/create/:param1?/:param2?/:param3?"
          element={<CaseCreateScreen />}
        />
      </Routes>,
      '/support/machine/case/create/sn-52016/mn-M7-172/pin-KBCM7172VNP052016/',
    );
    const bar = await screen.findByRole('progressbar', { name: 'Wizard progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Step 1 of 6: Problem');
    expect(screen.getByText('Step 1 of 6 · Problem')).toBeTruthy();
    fireEvent.change(field(/Subject/), { target: { value: 'Engine stalls' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: SUGGESTIONS_HEADING })).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Wizard progress' }).getAttribute('aria-valuenow'),
    ).toBe('2');
    expect(screen.getByText(`Step 2 of 6 · ${SUGGESTIONS_HEADING}`)).toBeTruthy();
  });
});

describe('a dependent picklist waiting for its controller', () => {
  it('says which field to choose first', () => {
    const picklists: Record<string, Picklist> = {
      Operating_Conditions__c: {
        controllerName: null,
        defaultValue: null,
        values: [{ value: 'Field', label: 'Field', validFor: [] }],
      },
      Terrain__c: {
        controllerName: 'Operating_Conditions__c',
        defaultValue: null,
        values: [{ value: 'Flat', label: 'Flat', validFor: ['Field'] }],
      },
    };
    const fields = [
      layoutField('Operating_Conditions__c', 'Picklist', { label: 'Operating Conditions' }),
      layoutField('Terrain__c', 'Picklist', { label: 'Terrain' }),
    ];
    function Page() {
      const form = useWizardForm(fields, {});
      const [state, setState] = useState(initialPicklistState(picklists, {}));
      return (
        <WizardFormPage
          heading="Issue Information"
          fields={fields}
          form={form}
          picklists={picklists}
          picklistState={state}
          onPicklistState={setState}
        />
      );
    }
    renderScreen(<Page />);
    expect(field(/^Terrain/).disabled).toBe(true);
    expect(screen.getByText('Choose Operating Conditions first')).toBeTruthy();
    expect(field(/^Terrain/).getAttribute('aria-describedby')).toBeTruthy();
  });
});

describe('who the report is for', () => {
  const chosen: Parties = {
    accountId: 'a-1',
    accountName: 'Northfield Equipment',
    contactId: 'c-1',
    contactName: 'Dana Tech',
    newContact: null,
  };
  function PartiesHarness({ onValue }: { onValue: (p: Parties) => void }) {
    const [value, setValue] = useState(chosen);
    return (
      <PartiesStep
        value={value}
        showErrors={false}
        onChange={(p) => {
          onValue(p);
          setValue(p);
        }}
      />
    );
  }

  it('emptying the account empties the contact and disables it until an account is chosen', async () => {
    gateway.on('GET', '/api/v1/case-lookups/AccountId', lookupResponseSchema, () => ({
      field: 'AccountId',
      objectName: 'Account',
      count: 1,
      records: [{ id: 'a-2', name: 'Prairie Tractor', detail: null }],
    }));
    let last = chosen;
    renderScreen(<PartiesHarness onValue={(p) => (last = p)} />);
    expect(field(/^Contact/).value).toBe('Dana Tech');
    expect(field(/^Contact/).disabled).toBe(false);

    fireEvent.change(field(/^Account/), { target: { value: '' } });
    await waitFor(() => expect(field(/^Contact/).value).toBe(''));
    expect(field(/^Contact/).disabled).toBe(true);
    expect(screen.getByText('Choose Account first')).toBeTruthy();
    expect(last).toMatchObject({ accountId: null, contactId: null, contactName: '' });

    // Another account: the contact stays empty, and can be chosen again.
    fireEvent.focus(field(/^Account/));
    fireEvent.change(field(/^Account/), { target: { value: 'Prai' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Prairie Tractor' }));
    await waitFor(() => expect(field(/^Contact/).disabled).toBe(false));
    expect(field(/^Account/).value).toBe('Prairie Tractor');
    expect(field(/^Contact/).value).toBe('');
    expect(last).toMatchObject({
      accountId: 'a-2',
      accountName: 'Prairie Tractor',
      contactId: null,
    });
  });

  it('changing the account text clears the contact at once', async () => {
    let last = chosen;
    renderScreen(<PartiesHarness onValue={(p) => (last = p)} />);
    fireEvent.change(field(/^Account/), { target: { value: 'Northfield Equipmen' } });
    await waitFor(() => expect(field(/^Contact/).disabled).toBe(true));
    expect(field(/^Contact/).value).toBe('');
    expect(last).toMatchObject({ accountId: null, contactId: null });
  });
});
