import type { FieldValue } from '../../contract/cases';
import type { CasesTable } from '../db/schema';

type Column = keyof CasesTable;

/**
 * The CRM API name of every stored field of a case (product §3 Case and report), and its
 * column. Layouts name fields by API name; this is the one place that knows both.
 */
export const CASE_FIELD_COLUMNS: readonly (readonly [string, Column])[] = [
  ['CaseNumber', 'case_number'],
  ['Subject', 'subject'],
  ['Status', 'status'],
  ['Origin', 'origin'],
  ['Inventory__c', 'inventory_id'],
  ['RecordTypeId', 'record_type_id'],
  ['AccountId', 'account_id'],
  ['ContactId', 'contact_id'],
  ['Description', 'description'],
  ['DTC_Error_Codes__c', 'dtc_codes'],
  ['Serial_Number__c', 'serial_number'],
  ['Model_Number__c', 'model_number'],
  ['PIN__c', 'pin'],
  ['IMEI_Number__c', 'imei'],
  ['Failure_Date__c', 'failure_date'],
  ['Probable_Cause_Remarks__c', 'probable_cause'],
  ['Assembly__c', 'assembly'],
  ['Sub_Assembly__c', 'sub_assembly'],
  ['Causal_Part_Number__c', 'causal_part_number'],
  ['Causal_Part__c', 'causal_part_name'],
  ['Current_Engine_Hours__c', 'engine_hours'],
  ['Engine_Usage_Reading__c', 'engine_usage_reading'],
  ['Dealer_Work_Order_Number__c', 'work_order'],
  ['Implement_Name__c', 'implement_name'],
  ['Implement_Attachment_SN__c', 'implement_sn'],
  ['Symptom_Description__c', 'symptom'],
  ['Defect_Description__c', 'defect'],
  ['Remedy_Description__c', 'remedy'],
  ['Troubleshooting__c', 'troubleshooting'],
  ['Operating_Conditions__c', 'operating_conditions'],
  ['Terrain__c', 'terrain'],
  ['Terrain_Remarks__c', 'terrain_remarks'],
  ['Ground_Cover__c', 'ground_cover'],
  ['Ground_Cover_Remarks__c', 'ground_cover_remarks'],
  ['Ambient_Conditions__c', 'ambient_conditions'],
  ['Ambient_Remarks__c', 'ambient_remarks'],
  ['Fuel_Level__c', 'fuel_level'],
  ['Last_Service_Date__c', 'last_service_at'],
  ['Failure_Time__c', 'failure_time'],
  ['Estimated_Repair_Cost__c', 'repair_cost_estimate'],
  ['Site_Contact_Phone__c', 'site_contact_phone'],
  ['Site_Contact_Email__c', 'site_contact_email'],
  ['Failure_Video_URL__c', 'failure_video_url'],
  ['CreatedDate', 'created_at'],
  ['LastModifiedDate', 'updated_at'],
];

const NUMERIC: ReadonlySet<Column> = new Set([
  'engine_hours',
  'engine_usage_reading',
  'fuel_level',
  'repair_cost_estimate',
]);

/** A column's value as the contract carries it: numbers as numbers, times as ISO text. */
export function fieldValue(column: Column, raw: unknown): FieldValue {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return raw.toISOString();
  if (NUMERIC.has(column)) return Number(raw);
  if (column === 'failure_date') return `${String(raw)}T00:00:00Z`;
  return typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
    ? raw
    : String(raw);
}
