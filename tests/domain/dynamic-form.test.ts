import { describe, expect, it } from 'vitest';
import type { FieldType } from '../../contract/cases';
import {
  EMAIL_FIELD_MESSAGE,
  FORMAT_MESSAGE,
  MACHINE_HOURS_MESSAGE,
  REQUIRED_MESSAGE,
  digitsOnly,
  fieldError,
  formErrors,
  pageFields,
  readOnlyText,
} from '../../src/domain/dynamic-form';
import { layoutField, layoutOf } from './wizard-fields';

const check = (type: FieldType, value: string) => fieldError(layoutField('F', type), value);

describe('dynamic form validation (product §5 Dynamic form)', () => {
  it('accepts digits only for Double, Percent and Currency', () => {
    for (const type of ['Double', 'Percent', 'Currency'] as const) {
      expect(check(type, '120')).toBeNull();
      expect(check(type, '12.5')).toBe(FORMAT_MESSAGE);
      expect(check(type, '-3')).toBe(FORMAT_MESSAGE);
      expect(check(type, '1e3')).toBe(FORMAT_MESSAGE);
    }
    expect(digitsOnly('1a2.3-')).toBe('123');
  });

  it("says 'Must be a valid email' for Email", () => {
    expect(check('Email', 'a@b.com')).toBeNull();
    expect(check('Email', 'a@b')).toBe(EMAIL_FIELD_MESSAGE);
    expect(EMAIL_FIELD_MESSAGE).toBe('Must be a valid email');
  });

  it("says 'Must be valid format' for Phone, URL, DateTime and Time", () => {
    expect(check('Phone', '+1 (555) 123-4567')).toBeNull();
    expect(check('Phone', 'call me')).toBe(FORMAT_MESSAGE);
    expect(check('URL', 'https://example.com/a')).toBeNull();
    expect(check('URL', 'not a url')).toBe(FORMAT_MESSAGE);
    expect(check('DateTime', '03/07/2026')).toBeNull();
    expect(check('DateTime', '2026-03-07')).toBe(FORMAT_MESSAGE);
    expect(check('Time', '23:59')).toBeNull();
    expect(check('Time', '24:00')).toBe(FORMAT_MESSAGE);
    expect(FORMAT_MESSAGE).toBe('Must be valid format');
  });

  it('takes any text for String, TextArea, Picklist, Reference and Boolean, within maxLength', () => {
    for (const type of ['String', 'TextArea', 'Picklist'] as const)
      expect(check(type, 'x y')).toBeNull();
    expect(fieldError(layoutField('R', 'Reference'), { id: '1', name: 'A' })).toBeNull();
    expect(fieldError(layoutField('B', 'Boolean', { required: true }), false)).toBeNull();
    expect(fieldError(layoutField('S', 'String', { maxLength: 3 }), 'abcd')).toBe(
      'At most 3 characters',
    );
  });

  it('requires what the layout requires; Machine Hours says so by name', () => {
    const hours = layoutField('Current_Engine_Hours__c', 'Double', { required: true });
    expect(fieldError(hours, '')).toBe(MACHINE_HOURS_MESSAGE);
    expect(MACHINE_HOURS_MESSAGE).toBe('Machine Hours is required.');
    expect(fieldError(layoutField('P', 'Picklist', { required: true }), '-None-')).toBe(
      REQUIRED_MESSAGE,
    );
    expect(fieldError(layoutField('R', 'Reference', { required: true }), null)).toBe(
      REQUIRED_MESSAGE,
    );
    expect(fieldError(layoutField('O', 'String'), '')).toBeNull();
  });

  it('does not check fields the user cannot edit', () => {
    expect(
      fieldError(layoutField('X', 'Email', { editableForNew: false, required: true }), ''),
    ).toBeNull();
  });

  it('lists every message by field', () => {
    const fields = [
      layoutField('A', 'Email'),
      layoutField('B', 'Double'),
      layoutField('C', 'String'),
    ];
    expect(formErrors(fields, { A: 'x', B: '1', C: '' })).toEqual({ A: EMAIL_FIELD_MESSAGE });
  });
});

describe('form pages (product §2)', () => {
  const layout = layoutOf(
    [
      layoutField('Current_Engine_Hours__c', 'Double', { required: true }),
      layoutField('IMEI_Number__c', 'String'),
      layoutField('Terrain__c', 'Picklist'),
      layoutField('Terrain_Remarks__c', 'TextArea'),
      layoutField('Ambient_Conditions__c', 'Picklist'),
    ],
    'Report',
  );

  it('shows remarks only once their list has a value', () => {
    const names = (values: Record<string, string>) =>
      pageFields(layout, 'Report', 1, values).map((f) => f.apiName);
    expect(names({})).toEqual(['Terrain__c', 'Ambient_Conditions__c']);
    expect(names({ Terrain__c: '-None-' })).toEqual(['Terrain__c', 'Ambient_Conditions__c']);
    expect(names({ Terrain__c: 'Flat' })).toEqual([
      'Terrain__c',
      'Terrain_Remarks__c',
      'Ambient_Conditions__c',
    ]);
  });

  it('leaves out fields the layout hides and keeps IMEI read-only', () => {
    const page = pageFields(layout, 'Report', 0, {});
    expect(page.map((f) => f.apiName)).toEqual(['Current_Engine_Hours__c', 'IMEI_Number__c']);
    expect(page[1]!.editableForNew).toBe(false);
    // The same objects each time: a page's fields need not render again for a new copy.
    expect(pageFields(layout, 'Report', 0, { Terrain__c: 'Flat' })[1]).toBe(page[1]);
  });

  it('shows N/A for an empty read-only value', () => {
    expect(readOnlyText(null)).toBe('N/A');
    expect(readOnlyText('')).toBe('N/A');
    expect(readOnlyText({ id: '1', name: 'Acme' })).toBe('Acme');
    expect(readOnlyText('35')).toBe('35');
  });
});
