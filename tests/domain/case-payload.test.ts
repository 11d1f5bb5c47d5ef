import { describe, expect, it } from 'vitest';
import {
  buildCaseFields,
  keyPartOption,
  sentFormValue,
  splitKeyPart,
  type CaseCreationInput,
} from '../../src/domain/case-payload';
import { layoutField } from './wizard-fields';

const fields = new Map(
  [
    layoutField('Current_Engine_Hours__c', 'Double', { required: true }),
    layoutField('Engine_Usage_Reading__c', 'Double'),
    layoutField('Dealer_Work_Order_Number__c', 'String'),
    layoutField('Implement_Name__c', 'String'),
    layoutField('Implement_Attachment_SN__c', 'String'),
    layoutField('Symptom_Description__c', 'TextArea'),
    layoutField('Defect_Description__c', 'TextArea'),
    layoutField('Remedy_Description__c', 'TextArea'),
    layoutField('Troubleshooting__c', 'TextArea'),
    layoutField('Description', 'TextArea'),
    layoutField('Operating_Conditions__c', 'Picklist'),
    layoutField('Terrain__c', 'Picklist'),
    layoutField('Terrain_Remarks__c', 'TextArea'),
    layoutField('Ground_Cover__c', 'Picklist'),
    layoutField('Ground_Cover_Remarks__c', 'TextArea'),
    layoutField('Ambient_Conditions__c', 'Picklist'),
    layoutField('Ambient_Remarks__c', 'TextArea'),
    layoutField('Service_Date__c', 'DateTime'),
    layoutField('Dealer__c', 'Reference', { referenceTo: 'Account' }),
    layoutField('Warranty__c', 'Boolean'),
    layoutField('Status', 'String', { editableForNew: false }),
  ].map((f) => [f.apiName, f]),
);

function input(changes: Partial<CaseCreationInput> = {}): CaseCreationInput {
  return {
    kind: 'Case',
    productName: 'Torque',
    recordTypeId: 'rt-case',
    machine: {
      serial: '12345',
      model: 'M7-172',
      pin: 'PIN00000000012345',
      inventoryId: 'inv-1',
      imei: '350000000000001',
    },
    subject: '  Engine stalls  ',
    dtc: 'SPN 110 FMI 0',
    failure: {
      assembly: 'Engine',
      subAssembly: 'Fuel System',
      keyPart: '87654321 Fuel Injector Assembly',
      failureDate: '03/07/2026',
      probableCauseRemarks: 'Clogged',
    },
    accountId: 'acc-1',
    contactId: 'con-1',
    form: {
      Current_Engine_Hours__c: '1200',
      Engine_Usage_Reading__c: '1180',
      Dealer_Work_Order_Number__c: 'WO-1',
      Implement_Name__c: 'Loader',
      Implement_Attachment_SN__c: 'SN9',
      Symptom_Description__c: 'Stalls',
      Defect_Description__c: 'Injector',
      Remedy_Description__c: 'Replaced',
      Troubleshooting__c: 'Checked',
      Description: 'It stalls when hot',
      Operating_Conditions__c: 'Field Work',
      Terrain__c: 'Flat',
      Terrain_Remarks__c: 'dusty',
      Ground_Cover__c: 'Mud',
      Ground_Cover_Remarks__c: 'wet',
      Ambient_Conditions__c: 'Rain',
      Ambient_Remarks__c: 'heavy',
    },
    fields,
    defaults: {},
    ...changes,
  };
}

describe('fields sent on creation (product §3 Case and report)', () => {
  it('sends every field of the creation list, field by field', () => {
    expect(buildCaseFields(input())).toEqual({
      Origin: 'Torque App',
      Inventory__c: 'inv-1',
      RecordTypeId: 'rt-case',
      AccountId: 'acc-1',
      ContactId: 'con-1',
      Subject: 'Engine stalls',
      DTC_Error_Codes__c: 'SPN 110 FMI 0',
      Serial_Number__c: '12345',
      Model_Number__c: 'M7-172',
      PIN__c: 'PIN00000000012345',
      IMEI_Number__c: '350000000000001',
      Failure_Date__c: '2026-03-07T00:00:00Z',
      Probable_Cause_Remarks__c: 'Clogged',
      Assembly__c: 'Engine',
      Sub_Assembly__c: 'Fuel System',
      Causal_Part_Number__c: '87654321',
      Causal_Part__c: 'Fuel Injector Assembly',
      Current_Engine_Hours__c: 1200,
      Engine_Usage_Reading__c: 1180,
      Dealer_Work_Order_Number__c: 'WO-1',
      Implement_Name__c: 'Loader',
      Implement_Attachment_SN__c: 'SN9',
      Symptom_Description__c: 'Stalls',
      Defect_Description__c: 'Injector',
      Remedy_Description__c: 'Replaced',
      Troubleshooting__c: 'Checked',
      Description: 'It stalls when hot',
      Operating_Conditions__c: 'Field Work',
      Terrain__c: 'Flat',
      Terrain_Remarks__c: 'dusty',
      Ground_Cover__c: 'Mud',
      Ground_Cover_Remarks__c: 'wet',
      Ambient_Conditions__c: 'Rain',
      Ambient_Remarks__c: 'heavy',
    });
  });

  it('uses the configured product name and the record type of the flow', () => {
    const out = buildCaseFields(
      input({ productName: 'Acme', recordTypeId: 'rt-report', kind: 'Report' }),
    );
    expect(out.Origin).toBe('Acme App');
    expect(out.RecordTypeId).toBe('rt-report');
  });

  it('sends other dates as YYYY-MM-DD plus T12:00:00Z', () => {
    const out = buildCaseFields(input({ form: { Service_Date__c: '12/01/2025' } }));
    expect(out.Service_Date__c).toBe('2025-12-01T12:00:00Z');
  });

  it('sends a link typed without its scheme as https, as the gateway stores links', () => {
    const url = layoutField('Failure_Video_URL__c', 'URL');
    expect(sentFormValue(url, ' video.example/knotter ', undefined)).toBe(
      'https://video.example/knotter',
    );
    expect(sentFormValue(url, 'http://video.example/a', undefined)).toBe('http://video.example/a');
  });

  it('reduces references to the id and keeps booleans', () => {
    const out = buildCaseFields(
      input({ form: { Dealer__c: { id: 'acc-9', name: 'Northfield' }, Warranty__c: true } }),
    );
    expect(out.Dealer__c).toBe('acc-9');
    expect(out.Warranty__c).toBe(true);
  });

  it('leaves out -None-, empty values and values equal to their default', () => {
    const out = buildCaseFields(
      input({
        form: {
          Terrain__c: '-None-',
          Implement_Name__c: '  ',
          Operating_Conditions__c: 'Field Work',
          Engine_Usage_Reading__c: '0',
        },
        defaults: { Operating_Conditions__c: 'Field Work', Engine_Usage_Reading__c: 0 },
      }),
    );
    expect(out).not.toHaveProperty('Terrain__c');
    expect(out).not.toHaveProperty('Implement_Name__c');
    expect(out).not.toHaveProperty('Operating_Conditions__c');
    expect(out).not.toHaveProperty('Engine_Usage_Reading__c');
  });

  it('never sends fields the user cannot edit, nor empty wizard fields', () => {
    const out = buildCaseFields(
      input({
        form: { Status: 'Closed' },
        dtc: '',
        machine: { serial: '12345', model: 'M7', pin: '', inventoryId: null, imei: null },
        failure: {
          assembly: '',
          subAssembly: '',
          keyPart: '',
          failureDate: '',
          probableCauseRemarks: '',
        },
        contactId: null,
      }),
    );
    expect(Object.keys(out)).toEqual([
      'Origin',
      'RecordTypeId',
      'AccountId',
      'Subject',
      'Serial_Number__c',
      'Model_Number__c',
    ]);
  });

  it('splits the key part into its number (first word) and name (the rest)', () => {
    expect(splitKeyPart('  123 Seal Kit ')).toEqual({ number: '123', name: 'Seal Kit' });
    expect(splitKeyPart('123')).toEqual({ number: '123', name: '' });
    expect(splitKeyPart('')).toEqual({ number: '', name: '' });
  });
});

describe('the causal part offered from the catalogue', () => {
  it('is the part name, which starts with its number, so the number splits off once', () => {
    const part = { number: '3A100-11000', name: '3A100-11000 Fuel System Sensor' };
    expect(keyPartOption(part)).toBe('3A100-11000 Fuel System Sensor');
    expect(splitKeyPart(keyPartOption(part))).toEqual({
      number: '3A100-11000',
      name: 'Fuel System Sensor',
    });
  });

  it('puts the number in front of a name without it', () => {
    expect(keyPartOption({ number: '8765', name: 'Fuel Injector' })).toBe('8765 Fuel Injector');
    expect(keyPartOption({ number: '', name: 'Fuel Injector' })).toBe('Fuel Injector');
  });
});
