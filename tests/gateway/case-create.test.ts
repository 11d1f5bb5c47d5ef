import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_PHONE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  DEALER_CONTACT_TYPE,
  INVALID_FIELD_ERROR_CODE,
  MACHINE_HOURS_REQUIRED_MESSAGE,
  SUBJECT_REQUIRED_MESSAGE,
  createCaseResponseSchema,
  createContactResponseSchema,
  invalidFieldOf,
  type CreateCaseRequest,
} from '../../contract/case-create';
import {
  caseDetailResponseSchema,
  lookupResponseSchema,
  postFeedItemResponseSchema,
  uploadedFileSchema,
} from '../../contract/cases';
import { CASE_RECORD_TYPE_ID, REPORT_RECORD_TYPE_ID } from '../../gateway/reference/case-layouts';
import { DEMO_USERS, NORTHFIELD_ID, RIVERBEND_ID } from '../../gateway/seed/fixed';
import { MACHINE_1 } from '../../gateway/seed/fixed-machines';
import { WALTER_HANSON_ID } from '../../gateway/seed/machine-customers';
import { LAYOUT_OVERRIDES_KEY } from '../../gateway/services/case-layouts';
import { REPLAYED_HEADER } from '../../gateway/services/idempotency';
import { lanes, type TestGateway } from './harness';
import {
  type CasesClient,
  DANA,
  expectError,
  multipart,
  OPEN_TIMEOUT,
  openCasesGateway,
} from './cases-support';

const key = () => randomUUID();

/** A full case as the wizard sends it (product §3: the creation list). */
function fullCase(over: Record<string, unknown> = {}): CreateCaseRequest {
  return {
    fields: {
      RecordTypeId: CASE_RECORD_TYPE_ID,
      Origin: 'Torque App',
      Inventory__c: MACHINE_1.id,
      AccountId: NORTHFIELD_ID,
      Subject: 'Engine stalls under load',
      Description: 'Stalls after ten minutes of PTO work',
      DTC_Error_Codes__c: 'SPN 157 FMI 1',
      Serial_Number__c: MACHINE_1.serial,
      Model_Number__c: MACHINE_1.model,
      PIN__c: MACHINE_1.pin,
      IMEI_Number__c: MACHINE_1.imei,
      Failure_Date__c: '2026-11-20T00:00:00Z',
      Probable_Cause_Remarks__c: 'Fuel starvation',
      Assembly__c: 'Engine',
      Sub_Assembly__c: 'Fuel System',
      Causal_Part_Number__c: '1G311-43560',
      Causal_Part__c: 'Fuel Filter Element',
      Current_Engine_Hours__c: 1234.5,
      Engine_Usage_Reading__c: '980',
      Dealer_Work_Order_Number__c: 'WO-7781',
      Implement_Name__c: 'Rotary cutter',
      Implement_Attachment_SN__c: 'RC-2231',
      Symptom_Description__c: 'Engine loses power, then stalls',
      Defect_Description__c: 'Filter clogged',
      Remedy_Description__c: 'Replaced filter',
      Troubleshooting__c: 'Checked rail pressure',
      Operating_Conditions__c: 'Field Work',
      Terrain__c: 'Rolling Hills',
      Terrain_Remarks__c: 'Gentle',
      Ground_Cover__c: 'Dry Soil',
      Ground_Cover_Remarks__c: 'Dusty',
      Ambient_Conditions__c: 'Dust',
      Ambient_Remarks__c: 'Hot afternoon',
      ...over,
    } as CreateCaseRequest['fields'],
  };
}

describe.each(lanes)('creating cases, reports and contacts on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let eli: string;
  let sam: string;
  let http: CasesClient;

  beforeAll(async () => {
    ({ gw, http, dana, eli, sam } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const create = (cookie: string, body: unknown, k: string = key()) =>
    http.post('/api/v1/cases', cookie, body, k);
  const refusal = async (body: unknown, field: string, reason?: string, cookie = dana) => {
    const res = await create(cookie, body);
    const err = expectError(res, 400);
    expect(err.errorCode).toBe(INVALID_FIELD_ERROR_CODE);
    const parsed = invalidFieldOf(err);
    expect(parsed?.field).toBe(field);
    if (reason) expect(parsed?.reason).toBe(reason);
  };

  it('creates a full case: every field of the creation list is stored and read back', async () => {
    const res = await create(dana, fullCase());
    expect(res.statusCode, res.body).toBe(201);
    const created = createCaseResponseSchema.parse(res.json());
    expect(created.recordType).toBe('Case');
    expect(created.status).toBe('Created');
    expect(created.caseNumber).toMatch(/^\d{8}$/);
    const detail = caseDetailResponseSchema.parse(
      (await http.get(`/api/v1/cases/${created.id}`, dana)).json(),
    ).case;
    expect(detail.caseNumber).toBe(created.caseNumber);
    expect(detail.accountId).toBe(NORTHFIELD_ID);
    expect(detail.inventory.inventoryId).toBe(MACHINE_1.id);
    expect(detail.fields).toMatchObject({
      Origin: 'Torque App',
      Subject: 'Engine stalls under load',
      DTC_Error_Codes__c: 'SPN 157 FMI 1',
      PIN__c: MACHINE_1.pin,
      IMEI_Number__c: MACHINE_1.imei,
      Failure_Date__c: '2026-11-20T00:00:00Z',
      Causal_Part_Number__c: '1G311-43560',
      Causal_Part__c: 'Fuel Filter Element',
      Current_Engine_Hours__c: 1234.5,
      Engine_Usage_Reading__c: 980,
      Terrain__c: 'Rolling Hills',
      Ground_Cover__c: 'Dry Soil',
      Ambient_Remarks__c: 'Hot afternoon',
    });
    // The contact defaults to the user's own (product §6).
    expect(detail.contactId).toBe(DEMO_USERS.find((u) => u.username === DANA)!.contact.id);
  });

  it('numbers cases in sequence', async () => {
    const a = createCaseResponseSchema.parse((await create(dana, fullCase())).json());
    const b = createCaseResponseSchema.parse((await create(dana, fullCase())).json());
    expect(Number(b.caseNumber)).toBe(Number(a.caseNumber) + 1);
  });

  it('replays the chain: case, file and first feed item applied once each', async () => {
    const keys = { c: key(), f: key(), m: key() };
    const first = await create(dana, fullCase({ Subject: 'Replayed chain' }), keys.c);
    const again = await create(dana, fullCase({ Subject: 'Replayed chain' }), keys.c);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const { id } = createCaseResponseSchema.parse(first.json());
    const file = multipart(Buffer.from('line one\n'), 'notes.txt', 'text/plain');
    const up1 = await http.upload(id, dana, file, keys.f);
    const up2 = await http.upload(id, dana, file, keys.f);
    expect(up1.statusCode, up1.body).toBe(201);
    expect(up2.json()).toEqual(up1.json());
    const fileId = uploadedFileSchema.parse(up1.json()).id;
    const msg = { body: 'First message', fileIds: [fileId] };
    const m1 = await http.post(`/api/v1/cases/${id}/feed`, dana, msg, keys.m);
    const m2 = await http.post(`/api/v1/cases/${id}/feed`, dana, msg, keys.m);
    expect(m1.statusCode, m1.body).toBe(201);
    expect(postFeedItemResponseSchema.parse(m2.json())).toEqual(m1.json());
    const items = await http.feed(id, dana);
    expect(items).toHaveLength(1);
    expect(items[0]!.attachments.map((a) => a.id)).toEqual([fileId]);
    const { count } = await gw.started.db.kysely
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('subject', '=', 'Replayed chain')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it('refuses each invalid field with 400 naming the field and the reason', async () => {
    const f = (over: Record<string, unknown>) => fullCase(over);
    await refusal(f({ Subject: '  ' }), 'Subject', SUBJECT_REQUIRED_MESSAGE);
    await refusal(
      f({ Current_Engine_Hours__c: null }),
      'Current_Engine_Hours__c',
      MACHINE_HOURS_REQUIRED_MESSAGE,
    );
    await refusal(f({ Description: '' }), 'Description');
    await refusal(f({ Current_Engine_Hours__c: '12a' }), 'Current_Engine_Hours__c');
    await refusal(f({ Engine_Usage_Reading__c: -3 }), 'Engine_Usage_Reading__c');
    await refusal(f({ Engine_Usage_Reading__c: true }), 'Engine_Usage_Reading__c');
    await refusal(f({ Failure_Date__c: '2026-02-30' }), 'Failure_Date__c');
    await refusal(f({ Failure_Date__c: '11/20/2026' }), 'Failure_Date__c');
    await refusal(f({ Subject: 'x'.repeat(256) }), 'Subject');
    await refusal(f({ Ambient_Conditions__c: 'Hail' }), 'Ambient_Conditions__c');
    // Dependent picklists: Steep Slope is not offered for Road Transport; Concrete not on Steep Slope.
    await refusal(
      f({ Operating_Conditions__c: 'Road Transport', Terrain__c: 'Steep Slope' }),
      'Terrain__c',
    );
    await refusal(
      f({
        Terrain__c: 'Steep Slope',
        Ground_Cover__c: 'Concrete',
        Operating_Conditions__c: 'Field Work',
      }),
      'Ground_Cover__c',
    );
    await refusal(f({ Operating_Conditions__c: null, Ground_Cover__c: null }), 'Terrain__c');
    await refusal(f({ Status: 'Resolved' }), 'Status');
    await refusal(f({ Bogus__c: 'x' }), 'Bogus__c');
    await refusal(f({ AccountId: RIVERBEND_ID }), 'AccountId');
    await refusal(f({ Inventory__c: 'INV-NOPE' }), 'Inventory__c');
    await refusal(f({ ContactId: 'no such contact' }), 'ContactId');
    await refusal(f({ RecordTypeId: '012999999999999999' }), 'RecordTypeId');
    // Nothing of the above was stored, and nothing answered 500.
    const bad = await create(dana, { fields: { RecordTypeId: CASE_RECORD_TYPE_ID, Subject: {} } });
    expectError(bad, 400);
    expectError(await create(dana, { nope: true }), 400);
    expectError(await create(dana, '[]'), 400);
  });

  it('applies the remote-config overrides: a field made required is refused when empty', async () => {
    await gw.started.db.kysely
      .insertInto('remote_config')
      .values({
        key: LAYOUT_OVERRIDES_KEY,
        value: JSON.stringify({
          Case: { required: ['Implement_Name__c'], hiddenFields: ['Description'] },
        }),
      })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
      .execute();
    try {
      await refusal(fullCase({ Implement_Name__c: '' }), 'Implement_Name__c');
      // A hidden field is never required, even when the layout says so.
      const res = await create(dana, fullCase({ Description: null }));
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await gw.started.db.kysely
        .deleteFrom('remote_config')
        .where('key', '=', LAYOUT_OVERRIDES_KEY)
        .execute();
    }
  });

  it('refuses reports to external users with 403; internal users file them', async () => {
    const report = fullCase({ RecordTypeId: REPORT_RECORD_TYPE_ID, AccountId: WALTER_HANSON_ID });
    expectError(await create(dana, report), 403);
    expectError(await create(eli, report), 403);
    const res = await create(sam, report);
    expect(res.statusCode, res.body).toBe(201);
    expect(createCaseResponseSchema.parse(res.json()).recordType).toBe('Report');
    // A report's account is required by its layout.
    await refusal(
      fullCase({ RecordTypeId: REPORT_RECORD_TYPE_ID, AccountId: null }),
      'AccountId',
      undefined,
      sam,
    );
  });

  it('another dealer cannot see a new case', async () => {
    const { id } = createCaseResponseSchema.parse((await create(dana, fullCase())).json());
    expectError(await http.get(`/api/v1/cases/${id}`, eli), 404);
  });

  it('creates a contact the Contact lookup then finds; validates it as the form does', async () => {
    const body = {
      accountId: WALTER_HANSON_ID,
      firstName: 'Quinn',
      lastName: 'Zabriskie',
      phone: '+1 (309) 555-0199',
      email: 'quinn.z@example.com',
    };
    const res = await http.post('/api/v1/contacts', sam, body, key());
    expect(res.statusCode, res.body).toBe(201);
    const contact = createContactResponseSchema.parse(res.json());
    expect(contact.type).toBe(DEALER_CONTACT_TYPE);
    const found = lookupResponseSchema.parse(
      (
        await http.get(`/api/v1/case-lookups/ContactId?q=zabris&AccountId=${WALTER_HANSON_ID}`, sam)
      ).json(),
    );
    expect(found.records.map((r) => r.id)).toContain(contact.id);
    // Dana services Walter Hanson: she may add a contact there; Eli may not.
    expect(
      (await http.post('/api/v1/contacts', dana, { ...body, email: 'q2@example.com' }, key()))
        .statusCode,
    ).toBe(201);
    expectError(await http.post('/api/v1/contacts', eli, body, key()), 400);
    // A new contact used on a report.
    const report = fullCase({
      RecordTypeId: REPORT_RECORD_TYPE_ID,
      AccountId: WALTER_HANSON_ID,
      ContactId: contact.id,
    });
    expect((await create(sam, report)).statusCode).toBe(201);
    // The form's messages.
    const m = async (over: Record<string, unknown>, message: string) => {
      const r = await http.post('/api/v1/contacts', sam, { ...body, ...over }, key());
      expect(expectError(r, 400).message).toContain(message);
    };
    await m({ firstName: '' }, CONTACT_REQUIRED_MESSAGE);
    await m({ lastName: undefined }, CONTACT_REQUIRED_MESSAGE);
    await m({ email: 'not-an-email' }, CONTACT_EMAIL_MESSAGE);
    await m({ phone: '555-01' }, CONTACT_PHONE_MESSAGE);
    await m({ phone: '555-0199-abc-12' }, CONTACT_PHONE_MESSAGE);
    await m({ type: 'Customer' }, 'type');
  });
});
