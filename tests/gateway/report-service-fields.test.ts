import { randomUUID } from 'node:crypto';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseResponseSchema, type CreateCaseRequest } from '../../contract/case-create';
import {
  caseDetailResponseSchema,
  layoutResponseSchema,
  type LayoutSection,
} from '../../contract/cases';
import { REPORT_RECORD_TYPE_ID, SERVICE_SECTION } from '../../gateway/reference/case-layouts';
import { migrateToLatest } from '../../gateway/db/migrate';
import { migrations } from '../../gateway/db/migrations';
import { MACHINE_1 } from '../../gateway/seed/fixed-machines';
import { WALTER_HANSON_ID } from '../../gateway/seed/machine-customers';
import { lanes, type TestGateway } from './harness';
import { type CasesClient, OPEN_TIMEOUT, openCasesGateway } from './cases-support';

/*
 * A report's service details (product §3 Dynamic form field types: Percent, DateTime, Time,
 * Currency, Phone, Email, URL on the demo report layout): stored, read back, and added to the
 * report layout of a database created before they existed.
 */

const SERVICE_NAMES = SERVICE_SECTION.fields.map((f) => f.apiName);

function report(over: Record<string, unknown>): CreateCaseRequest {
  return {
    fields: {
      RecordTypeId: REPORT_RECORD_TYPE_ID,
      AccountId: WALTER_HANSON_ID,
      Inventory__c: MACHINE_1.id,
      Subject: 'Baler misses every third knot',
      Serial_Number__c: MACHINE_1.serial,
      Model_Number__c: MACHINE_1.model,
      Current_Engine_Hours__c: 2750,
      ...over,
    } as CreateCaseRequest['fields'],
  };
}

describe.each(lanes)("a report's service details on $name", (lane) => {
  let gw: TestGateway;
  let sam: string;
  let http: CasesClient;

  beforeAll(async () => {
    ({ gw, http, sam } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const reportLayout = async () =>
    layoutResponseSchema.parse(
      (await http.get(`/api/v1/case-layouts/${REPORT_RECORD_TYPE_ID}`, sam)).json(),
    );

  it('the report layout has one optional field of each kind, after the machine', async () => {
    const layout = await reportLayout();
    expect(layout.sections.map((s) => s.id).slice(0, 3)).toEqual([
      'information',
      'machine',
      'service',
    ]);
    const service = layout.sections.find((s) => s.id === 'service')!;
    expect(service.fields.map((f) => [f.label, f.type, f.required])).toEqual([
      ['Fuel Level', 'Percent', false],
      ['Last Service Date', 'DateTime', false],
      ['Time of Failure', 'Time', false],
      ['Estimated Repair Cost', 'Currency', false],
      ['On-site Contact Phone', 'Phone', false],
      ['On-site Contact Email', 'Email', false],
      ['Failure Video Link', 'URL', false],
    ]);
  });

  it('stores them and reads them back; a wrong one is refused with 400 naming it', async () => {
    const res = await http.post(
      '/api/v1/cases',
      sam,
      report({
        Fuel_Level__c: 35,
        Last_Service_Date__c: '2026-09-14T12:00:00Z',
        Failure_Time__c: '14:35',
        Estimated_Repair_Cost__c: '1850',
        Site_Contact_Phone__c: '(309) 555-0188',
        Site_Contact_Email__c: 'jo.field@northfield.example',
        Failure_Video_URL__c: 'https://video.example/knotter-miss',
      }),
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = createCaseResponseSchema.parse(res.json());
    const detail = caseDetailResponseSchema.parse(
      (await http.get(`/api/v1/cases/${id}`, sam)).json(),
    ).case;
    expect(detail.fields).toMatchObject({
      Fuel_Level__c: 35,
      Last_Service_Date__c: '2026-09-14T12:00:00.000Z',
      Failure_Time__c: '14:35',
      Estimated_Repair_Cost__c: 1850,
      Site_Contact_Phone__c: '(309) 555-0188',
      Site_Contact_Email__c: 'jo.field@northfield.example',
      Failure_Video_URL__c: 'https://video.example/knotter-miss',
    });
    for (const [name, value] of [
      ['Fuel_Level__c', '35%'],
      ['Failure_Time__c', '25:00'],
      ['Site_Contact_Email__c', 'jo.field'],
      ['Last_Service_Date__c', '2026-02-30T12:00:00Z'],
    ] as const) {
      const refused = await http.post(
        '/api/v1/cases',
        sam,
        report({ [name]: value }),
        randomUUID(),
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toMatch(new RegExp(`^${name}: `));
    }
  });

  it('a database whose report layout predates them gets them once, where a fresh one has them', async () => {
    const db = gw.started.db.kysely;
    const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };
    const migrator = new Migrator({ db, provider });
    const { error } = await migrator.migrateTo('0014-case-list-own-covering');
    expect(error).toBeUndefined();
    const sectionsNow = async () =>
      (
        await db
          .selectFrom('case_layouts')
          .select('sections')
          .where('record_type_id', '=', REPORT_RECORD_TYPE_ID)
          .executeTakeFirstOrThrow()
      ).sections as LayoutSection[];
    const names = (sections: LayoutSection[]) =>
      sections.flatMap((s) => s.fields.map((f) => f.apiName));
    expect(names(await sectionsNow())).not.toContain('Fuel_Level__c');

    expect(await migrateToLatest(db)).toContain('0015-report-service-fields');
    const after = await sectionsNow();
    expect(names(after).filter((n) => SERVICE_NAMES.includes(n))).toEqual(SERVICE_NAMES);
    expect(after.map((s) => s.id).indexOf('service')).toBe(
      after.map((s) => s.id).indexOf('machine') + 1,
    );
  });
});
