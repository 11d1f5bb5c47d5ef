// Wizard dynamic form on a layout of 60 fields (product §2 form pages, §5 Dynamic form): the
// rule work of a step change (the page's fields, every message, the zod schema generated from
// the layout run as the form's resolver does) and of a keystroke (one field's message plus the
// dependent-picklist update). Goal: median under 16 ms each (one frame). The React render
// itself is not in these figures (no DOM here). Prints figures; never fails on time.
import { z } from 'zod';
import type { FieldType, LayoutField, LayoutResponse, Picklist } from '../contract/cases';
import { buildCaseFields } from '../src/domain/case-payload';
import { changePicklist, initialPicklistState } from '../src/domain/dependent-picklists';
import { fieldError, formErrors, layoutFields, pageFields } from '../src/domain/dynamic-form';
import { median } from './support';

const ms = (n: number) => `${n.toFixed(3)} ms`;

const TYPES: FieldType[] = [
  'String',
  'TextArea',
  'Double',
  'Email',
  'Phone',
  'DateTime',
  'Picklist',
];
const PAGE_FIELDS = [
  'Current_Engine_Hours__c',
  'Engine_Usage_Reading__c',
  'Dealer_Work_Order_Number__c',
  'Implement_Name__c',
  'Implement_Attachment_SN__c',
];
const field = (apiName: string, type: FieldType): LayoutField => ({
  apiName,
  label: apiName,
  type,
  required: apiName === 'Current_Engine_Hours__c',
  editableForNew: true,
  editableForUpdate: false,
  referenceTo: null,
  controllerName: null,
  maxLength: 255,
});
const fields = [
  ...PAGE_FIELDS.map((n) =>
    field(n, n.includes('Hours') || n.includes('Reading') ? 'Double' : 'String'),
  ),
  ...Array.from({ length: 55 }, (_, i) => field(`Extra_${i}__c`, TYPES[i % TYPES.length]!)),
];
const layout: LayoutResponse = {
  recordType: { id: 'rt', kind: 'Case', name: 'Case' },
  sections: [{ id: 's', heading: 'S', fields }],
  defaults: {},
};
const picklists: Record<string, Picklist> = {
  Operating_Conditions__c: {
    controllerName: null,
    defaultValue: null,
    values: ['A', 'B', 'C'].map((v) => ({ value: v, label: v, validFor: [] })),
  },
  Terrain__c: {
    controllerName: 'Operating_Conditions__c',
    defaultValue: null,
    values: ['X', 'Y'].map((v) => ({ value: v, label: v, validFor: ['A', 'B'] })),
  },
};
// Every field on the page: the 60 of the layout are checked, as a wide page would.
const allNames = fields.map((f) => f.apiName);
const values: Record<string, string> = Object.fromEntries(allNames.map((n) => [n, '12']));
const byName = layoutFields(layout);
const schema = z.object(
  Object.fromEntries(
    fields.map((f) => [
      f.apiName,
      z.any().superRefine((v, ctx) => {
        const m = fieldError(f, v as string);
        if (m) ctx.addIssue({ code: 'custom', message: m });
      }),
    ]),
  ),
);

const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);
const step: number[] = [];
const key: number[] = [];
let state = initialPicklistState(picklists, {});
for (let r = 0; r < ROUNDS; r++) {
  let t = performance.now();
  const shown = pageFields(layout, 'Case', 0, values);
  formErrors(fields, values);
  schema.safeParse(values);
  buildCaseFields({
    kind: 'Case',
    productName: 'Torque',
    recordTypeId: 'rt',
    machine: { serial: '1', model: 'M', pin: '', inventoryId: null, imei: null },
    subject: 's',
    dtc: '',
    failure: {
      assembly: '',
      subAssembly: '',
      keyPart: '',
      failureDate: '',
      probableCauseRemarks: '',
    },
    accountId: 'a',
    contactId: 'c',
    form: values,
    fields: byName,
    defaults: {},
  });
  step.push(performance.now() - t);
  if (shown.length === 0) throw new Error('no fields');

  t = performance.now();
  const f = fields[r % fields.length]!;
  values[f.apiName] = `${r}`;
  fieldError(f, values[f.apiName]);
  state = changePicklist(picklists, state, 'Operating_Conditions__c', r % 2 ? 'A' : 'C');
  key.push(performance.now() - t);
}
console.log(
  `wizard form, 60 fields: step change median ${ms(median(step))}, keystroke median ${ms(median(key))} (${ROUNDS} rounds; goal < 16 ms each)`,
);
