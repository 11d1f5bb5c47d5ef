import './setup-dom';
import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldType, LayoutField } from '../../contract/cases';
import { initialPicklistState } from '../../src/domain/dependent-picklists';
import { formErrors, type FormValues } from '../../src/domain/dynamic-form';
import { useWizardForm } from '../../src/features/cases/use-wizard-form';
import { WizardFormPage } from '../../src/features/cases/wizard-form';
import { failureErrors } from '../../src/features/cases/wizard-step-failure';
import { layoutField } from '../domain/wizard-fields';
import { renderScreen } from './render';

/* The dynamic form's fields as the user meets them (product §3 field types, §5 Dynamic form). */

function Page({
  fields,
  values,
  onValuesChange,
}: {
  fields: LayoutField[];
  values: FormValues;
  onValuesChange?: (values: FormValues) => void;
}) {
  const form = useWizardForm(fields, values, onValuesChange);
  return (
    <>
      <WizardFormPage
        heading="Machine Information"
        fields={fields}
        form={form}
        picklists={{}}
        picklistState={initialPicklistState({}, {})}
        onPicklistState={() => undefined}
      />
      <Button onClick={() => form.setErrors(formErrors(fields, form.getValues()))}>Next</Button>
    </>
  );
}

const input = (label: string) =>
  screen.getAllByLabelText(new RegExp(`^${label}`)).find((el) => el.tagName === 'INPUT') as
    HTMLInputElement | undefined;

describe('dynamic form fields', () => {
  it('tells of every value typed, for the draft to keep it before Next', () => {
    const heard: FormValues[] = [];
    renderScreen(
      <Page
        fields={[
          layoutField('Current_Engine_Hours__c', 'Double', { label: 'Machine Hours/Bales' }),
          layoutField('Implement_Name__c', 'String', { label: 'Implement Name' }),
        ]}
        values={{ Implement_Name__c: 'Baler' }}
        onValuesChange={(values) => heard.push(values)}
      />,
    );
    fireEvent.change(input('Machine Hours/Bales')!, { target: { value: '1375' } });
    expect(heard.at(-1)).toEqual({ Implement_Name__c: 'Baler', Current_Engine_Hours__c: '1375' });
  });

  it('keeps every key typed into every kind of field, in the same focused input', () => {
    const kinds: [FieldType, string, string][] = [
      ['String', 'Implement Name', 'Round baler'],
      ['TextArea', 'Details', 'Leaks at the valve'],
      ['Double', 'Machine Hours', '4013'],
      ['Percent', 'Engine Load', '85'],
      ['Currency', 'Repair Estimate', '1250'],
      ['Phone', 'Callback Phone', '(507) 555-0142'],
      ['Email', 'Reporter Email', 'dana@northfield.example'],
      ['URL', 'Video Link', 'https://video.example/v/1'],
      ['DateTime', 'Service Date', '11/20/2026'],
      ['Time', 'Failure Time', '14:35'],
    ];
    renderScreen(
      <Page
        fields={kinds.map(([type, label]) => layoutField(`${type}__c`, type, { label }))}
        values={{}}
      />,
    );
    for (const [, label, text] of kinds) {
      const field = (input(label) ?? screen.getByLabelText(label)) as HTMLInputElement;
      field.focus();
      // A person's keys: each one lands in the input that has the focus now.
      // The date's slashes come by themselves: its keys are the digits.
      const keys = label === 'Service Date' ? text.replace(/\//g, '') : text;
      for (const key of keys) {
        const focused = document.activeElement as HTMLInputElement;
        fireEvent.change(focused, { target: { value: focused.value + key } });
      }
      expect(field.isConnected, label).toBe(true);
      expect(document.activeElement, label).toBe(field);
      expect(field.value, label).toBe(text);
    }
  });

  it('shows a field that is not editable read-only, N/A when empty', () => {
    renderScreen(
      <Page
        fields={[
          layoutField('IMEI_Number__c', 'String', { label: 'IMEI Number', editableForNew: false }),
          layoutField('Dealer__c', 'Reference', { label: 'Dealer', editableForNew: false }),
          layoutField('Hours__c', 'Double', { label: 'Hours', editableForNew: false }),
          layoutField('Warranty__c', 'Boolean', { label: 'Warranty', editableForNew: false }),
        ]}
        values={{ Dealer__c: { id: 'a-1', name: 'Northfield Equipment' }, Warranty__c: true }}
      />,
    );
    expect(input('IMEI Number')!.value).toBe('N/A');
    expect(input('IMEI Number')!.readOnly).toBe(true);
    expect(input('Dealer')!.value).toBe('Northfield Equipment');
    expect(input('Hours')!.value).toBe('N/A');
    expect(input('Hours')!.readOnly).toBe(true);
    expect(input('Warranty')!.value).toBe('Yes');
    expect(input('Warranty')!.readOnly).toBe(true);
    // Not editable: never blocks the page, even when required and empty.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText('Field is required.')).toBeNull();
  });

  it('types a date as MM/DD/YYYY and refuses one that is not a day', async () => {
    renderScreen(
      <Page
        fields={[layoutField('Service_Date__c', 'DateTime', { label: 'Service Date' })]}
        values={{}}
      />,
    );
    const date = input('Service Date')!;
    expect(date.placeholder).toBe('MM/DD/YYYY');
    fireEvent.change(date, { target: { value: '1120' } });
    expect(input('Service Date')!.value).toBe('11/20');
    fireEvent.change(input('Service Date')!, { target: { value: '11202026' } });
    expect(input('Service Date')!.value).toBe('11/20/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText('Must be valid format')).toBeNull();

    fireEvent.change(input('Service Date')!, { target: { value: '13402026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Must be valid format')).toBeTruthy();
  });

  it('refuses a failure date on the parts step that is not a day', () => {
    const parts = { assembly: 'Engine', subAssembly: 'Fuel System', keyPart: '8765 Fuel Injector' };
    const failure = (failureDate: string) =>
      failureErrors({ ...parts, failureDate, probableCauseRemarks: '' });
    expect(failure('13/40/2026')).toEqual({ failureDate: 'Must be valid format' });
    expect(failure('11/20')).toEqual({ failureDate: 'Must be valid format' });
    expect(failure('11/20/2026')).toEqual({});
    expect(failure('')).toEqual({});
  });
});
