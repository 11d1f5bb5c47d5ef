import type { LayoutField, LayoutSection, Picklist } from '../../contract/cases';

/*
 * The case and report layouts and picklists a fresh install starts with (product §2 wizard
 * forms, §3 Case and report, Dynamic form field types). The migration writes them into
 * case_layouts once; from then on they are data an operator edits, like the CRM's layouts.
 */

/** docs/product.md: record type ids are data; these are the ids a fresh install gets. */
export const CASE_RECORD_TYPE_ID = '012000000000000001';
export const REPORT_RECORD_TYPE_ID = '012000000000000002';

type FieldSpec = Partial<LayoutField> & Pick<LayoutField, 'apiName' | 'label' | 'type'>;

function field(spec: FieldSpec): LayoutField {
  return {
    required: false,
    editableForNew: true,
    editableForUpdate: false,
    referenceTo: null,
    controllerName: null,
    maxLength: spec.type === 'String' ? 255 : spec.type === 'TextArea' ? 32_000 : null,
    ...spec,
  };
}

const readOnly = { editableForNew: false, editableForUpdate: false };

const header = (kind: 'Case' | 'Report'): LayoutSection => ({
  id: 'information',
  heading: `${kind} Information`,
  fields: [
    field({ apiName: 'CaseNumber', label: `${kind} Number`, type: 'String', ...readOnly }),
    field({ apiName: 'Status', label: 'Status', type: 'String', ...readOnly }),
    field({ apiName: 'Origin', label: `${kind} Origin`, type: 'String', ...readOnly }),
    field({ apiName: 'Subject', label: 'Subject', type: 'String', required: true }),
    field({
      apiName: 'AccountId',
      label: 'Account Name',
      type: 'Reference',
      referenceTo: 'Account',
      required: kind === 'Report',
    }),
    field({
      apiName: 'ContactId',
      label: 'Contact Name',
      type: 'Reference',
      referenceTo: 'Contact',
      controllerName: 'AccountId',
    }),
    field({ apiName: 'ContactEmail', label: 'Contact Email', type: 'Email', ...readOnly }),
    field({
      apiName: 'Inventory__c',
      label: 'Inventory',
      type: 'Reference',
      referenceTo: 'Inventory',
      controllerName: 'AccountId',
    }),
  ],
});

const machine: LayoutSection = {
  id: 'machine',
  heading: 'Machine Information',
  fields: [
    field({ apiName: 'Serial_Number__c', label: 'Serial Number', type: 'String', ...readOnly }),
    field({ apiName: 'Model_Number__c', label: 'Model Number', type: 'String', ...readOnly }),
    field({ apiName: 'PIN__c', label: 'PIN', type: 'String', ...readOnly }),
    field({ apiName: 'IMEI_Number__c', label: 'IMEI Number', type: 'String', ...readOnly }),
    field({
      apiName: 'Current_Engine_Hours__c',
      label: 'Machine Hours/Bales',
      type: 'Double',
      required: true,
    }),
    field({ apiName: 'Engine_Usage_Reading__c', label: 'Engine Usage Reading', type: 'Double' }),
    field({
      apiName: 'Dealer_Work_Order_Number__c',
      label: 'Dealer Work Order Number',
      type: 'String',
    }),
    field({ apiName: 'Implement_Name__c', label: 'Implement Name', type: 'String' }),
    field({
      apiName: 'Implement_Attachment_SN__c',
      label: 'Implement Attachment SN',
      type: 'String',
    }),
  ],
};

/**
 * What a service report records beyond the case: the machine's state and the site's contact
 * and links. Reports only; none of it is required.
 */
export const SERVICE_SECTION: LayoutSection = {
  id: 'service',
  heading: 'Service Details',
  fields: [
    field({ apiName: 'Fuel_Level__c', label: 'Fuel Level', type: 'Percent' }),
    field({ apiName: 'Last_Service_Date__c', label: 'Last Service Date', type: 'DateTime' }),
    field({ apiName: 'Failure_Time__c', label: 'Time of Failure', type: 'Time' }),
    field({
      apiName: 'Estimated_Repair_Cost__c',
      label: 'Estimated Repair Cost',
      type: 'Currency',
    }),
    field({ apiName: 'Site_Contact_Phone__c', label: 'On-site Contact Phone', type: 'Phone' }),
    field({ apiName: 'Site_Contact_Email__c', label: 'On-site Contact Email', type: 'Email' }),
    field({ apiName: 'Failure_Video_URL__c', label: 'Failure Video Link', type: 'URL' }),
  ],
};

const failure: LayoutSection = {
  id: 'failure',
  heading: 'Failure Details',
  fields: [
    field({ apiName: 'DTC_Error_Codes__c', label: 'DTC Codes', type: 'String' }),
    field({ apiName: 'Failure_Date__c', label: 'Failure Date', type: 'DateTime' }),
    field({ apiName: 'Assembly__c', label: 'Assembly', type: 'Picklist' }),
    field({
      apiName: 'Sub_Assembly__c',
      label: 'Sub Assembly',
      type: 'Picklist',
      controllerName: 'Assembly__c',
    }),
    field({ apiName: 'Causal_Part_Number__c', label: 'Causal Part Number', type: 'String' }),
    field({ apiName: 'Causal_Part__c', label: 'Causal Part', type: 'String' }),
    field({
      apiName: 'Probable_Cause_Remarks__c',
      label: 'Probable Cause Remarks',
      type: 'TextArea',
    }),
  ],
};

const issue = (kind: 'Case' | 'Report'): LayoutSection => ({
  id: 'issue',
  heading: 'Issue Information',
  fields: [
    field({
      apiName: 'Symptom_Description__c',
      label: 'Symptom Description',
      type: 'TextArea',
      required: kind === 'Case',
    }),
    field({ apiName: 'Defect_Description__c', label: 'Defect Description', type: 'TextArea' }),
    field({ apiName: 'Remedy_Description__c', label: 'Repair Actions Taken', type: 'TextArea' }),
    field({
      apiName: 'Troubleshooting__c',
      label: 'Troubleshooting Repair Actions',
      type: 'TextArea',
    }),
    field({
      apiName: 'Description',
      label: 'Description',
      type: 'TextArea',
      required: kind === 'Case',
    }),
  ],
});

const environment: LayoutSection = {
  id: 'environment',
  heading: 'Environment Information',
  fields: [
    field({ apiName: 'Operating_Conditions__c', label: 'Operating Conditions', type: 'Picklist' }),
    field({
      apiName: 'Terrain__c',
      label: 'Terrain',
      type: 'Picklist',
      controllerName: 'Operating_Conditions__c',
    }),
    field({ apiName: 'Terrain_Remarks__c', label: 'Terrain Remarks', type: 'TextArea' }),
    field({
      apiName: 'Ground_Cover__c',
      label: 'Ground Cover',
      type: 'Picklist',
      controllerName: 'Terrain__c',
    }),
    field({ apiName: 'Ground_Cover_Remarks__c', label: 'Ground Cover Remarks', type: 'TextArea' }),
    field({ apiName: 'Ambient_Conditions__c', label: 'Ambient Conditions', type: 'Picklist' }),
    field({ apiName: 'Ambient_Remarks__c', label: 'Ambient Remarks', type: 'TextArea' }),
  ],
};

const system: LayoutSection = {
  id: 'system',
  heading: 'System Information',
  fields: [
    field({ apiName: 'CreatedDate', label: 'Created Date', type: 'DateTime', ...readOnly }),
    field({
      apiName: 'LastModifiedDate',
      label: 'Last Modified Date',
      type: 'DateTime',
      ...readOnly,
    }),
  ],
};

export const CASE_LAYOUT: LayoutSection[] = [
  header('Case'),
  machine,
  failure,
  issue('Case'),
  environment,
  system,
];
export const REPORT_LAYOUT: LayoutSection[] = [
  header('Report'),
  machine,
  SERVICE_SECTION,
  failure,
  issue('Report'),
  environment,
  system,
];

/** A picklist without a controller. */
function plain(values: readonly string[]): Picklist {
  return {
    controllerName: null,
    defaultValue: null,
    values: values.map((v) => ({ value: v, label: v, validFor: [] })),
  };
}

/** A dependent picklist: each value lists the controlling values it is offered under. */
function dependent(controllerName: string, byValue: Record<string, readonly string[]>): Picklist {
  return {
    controllerName,
    defaultValue: null,
    values: Object.entries(byValue).map(([v, validFor]) => ({
      value: v,
      label: v,
      validFor: [...validFor],
    })),
  };
}

const OPERATING = ['Field Work', 'Loader Work', 'Road Transport', 'Stationary / PTO'] as const;

/** product §2: Terrain values; which ones fit depends on the operating conditions. */
const TERRAIN: Record<string, readonly string[]> = {
  Flat: OPERATING,
  'Rolling Hills': ['Field Work', 'Loader Work', 'Road Transport'],
  'Steep Slope': ['Field Work', 'Loader Work'],
  'Other (see Terrain Remarks)': OPERATING,
};
const ALL_TERRAIN = Object.keys(TERRAIN);

/** product §2: Ground Cover values; the third level, depending on Terrain. */
const GROUND_COVER: Record<string, readonly string[]> = {
  Asphalt: ['Flat', 'Rolling Hills', 'Other (see Terrain Remarks)'],
  'Brush / Tall Weeds': ALL_TERRAIN,
  Concrete: ['Flat', 'Other (see Terrain Remarks)'],
  'Dry Soil': ALL_TERRAIN,
  'Grass / Short Weeds': ALL_TERRAIN,
  Mud: ALL_TERRAIN,
  'Rock / Gravel': ALL_TERRAIN,
  'Row Crop': ['Flat', 'Rolling Hills', 'Other (see Terrain Remarks)'],
  Sand: ['Flat', 'Rolling Hills', 'Other (see Terrain Remarks)'],
  'Other (see Ground Remarks)': ALL_TERRAIN,
};

const AMBIENT = [
  'Clear / Sunny',
  'Dry',
  'Dust',
  'Ice',
  'Rain',
  'Snow',
  'Other (see Ground Remarks)',
] as const;

const SUB_ASSEMBLIES: Record<string, readonly string[]> = {
  Engine: ['Fuel System', 'Cooling System', 'Aftertreatment', 'Starting System'],
  Transmission: ['Hydrostatic Drive', 'Clutch Pack', 'Shuttle', 'Transmission Controller'],
  Hydraulics: ['Loader Valve', 'Hydraulic Pump', 'Cylinders', 'Hoses and Fittings'],
  Electrical: ['Display / Monitor', 'Wiring Harness', 'Telematics Unit', 'Lighting'],
  'Cab and Operator Station': ['HVAC', 'Seat', 'Controls', 'ROPS / Canopy'],
  'Axles and Tracks': ['Front Axle', 'Rear Axle', 'Undercarriage', 'Brakes'],
};

function subAssemblyPicklist(): Picklist {
  const byValue: Record<string, string[]> = {};
  for (const [assembly, subs] of Object.entries(SUB_ASSEMBLIES)) {
    for (const s of subs) (byValue[s] ??= []).push(assembly);
  }
  return dependent('Assembly__c', byValue);
}

export const CASE_PICKLISTS: Record<string, Picklist> = {
  Assembly__c: plain(Object.keys(SUB_ASSEMBLIES)),
  Sub_Assembly__c: subAssemblyPicklist(),
  Operating_Conditions__c: plain(OPERATING),
  Terrain__c: dependent('Operating_Conditions__c', TERRAIN),
  Ground_Cover__c: dependent('Terrain__c', GROUND_COVER),
  Ambient_Conditions__c: plain(AMBIENT),
};

export const ASSEMBLIES = SUB_ASSEMBLIES;
export const TERRAIN_VALUES = TERRAIN;
export const GROUND_COVER_VALUES = GROUND_COVER;
export const AMBIENT_VALUES = AMBIENT;
export const OPERATING_VALUES = OPERATING;
