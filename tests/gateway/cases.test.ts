import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASE_NOT_FOUND_MESSAGE,
  CASE_PAGE_SIZE,
  caseDetailResponseSchema,
  caseListResponseSchema,
  layoutResponseSchema,
  lookupResponseSchema,
  picklistsResponseSchema,
  postFeedItemResponseSchema,
  recordTypesResponseSchema,
  type CaseListRow,
} from '../../contract/cases';
import { machineRecordsResponseSchema } from '../../contract/machines';
import { CASE_RECORD_TYPE_ID, REPORT_RECORD_TYPE_ID } from '../../gateway/reference/case-layouts';
import { LONG_CASE_ID, LONG_CASE_IMAGES, LONG_CASE_ITEMS } from '../../gateway/seed/cases';
import { DEMO_USERS, NORTHFIELD_ID, RIVERBEND_ID } from '../../gateway/seed/fixed';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { LAYOUT_OVERRIDES_KEY } from '../../gateway/services/case-layouts';
import { lanes, type TestGateway } from './harness';
import { type CasesClient, expectError, OPEN_TIMEOUT, openCasesGateway } from './cases-support';

describe.each(lanes)('cases: records, feeds, files, lists and access on $name', (lane) => {
  let gw: TestGateway;
  let sam: string;
  let dana: string;
  let eli: string;
  let http: CasesClient;

  beforeAll(async () => {
    ({ gw, http, sam, dana, eli } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const db = () => gw.started.db.kysely;
  const detail = async (id: string, cookie: string) => {
    const res = await http.get(`/api/v1/cases/${id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return caseDetailResponseSchema.parse(res.json()).case;
  };
  /** Every page of a list, following the cursor. */
  const allPages = async (url: string, cookie: string) => {
    const rows: CaseListRow[] = [];
    let next: string | null = null;
    let pages = 0;
    let total: number;
    do {
      const sep = url.includes('?') ? '&' : '?';
      const res = await http.get(
        next ? `${url}${sep}after=${encodeURIComponent(next)}` : url,
        cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = caseListResponseSchema.parse(res.json());
      rows.push(...page.cases);
      next = page.next;
      total = page.total;
      pages++;
    } while (next && pages < 50);
    return { rows, pages, total };
  };
  /** Latest activity first, ties by id descending. */
  const newestFirst = (rows: CaseListRow[]) => {
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const ordered =
        a.lastActivityAt > b.lastActivityAt ||
        (a.lastActivityAt === b.lastActivityAt && a.id > b.id);
      expect(ordered, `${a.id} ${a.lastActivityAt} before ${b.id} ${b.lastActivityAt}`).toBe(true);
    }
  };
  /** Each case's last activity read from the tables: creation, update, newest feed entry. */
  const lastActivityInDb = async (ids: string[]) => {
    const cases = await db()
      .selectFrom('cases')
      .select(['id', 'created_at', 'updated_at'])
      .where('id', 'in', ids)
      .execute();
    const feeds = await db()
      .selectFrom('case_feed_items')
      .select(['case_id', 'created_at'])
      .where('case_id', 'in', ids)
      .execute();
    const at = new Map<string, number>();
    for (const c of cases) {
      at.set(c.id, Math.max(new Date(c.created_at).getTime(), new Date(c.updated_at).getTime()));
    }
    for (const f of feeds) {
      at.set(f.case_id, Math.max(at.get(f.case_id)!, new Date(f.created_at).getTime()));
    }
    // Milliseconds, as a JavaScript date carries them.
    return new Map([...at].map(([id, ms]) => [id, new Date(Math.floor(ms)).toISOString()]));
  };

  describe('case detail', () => {
    it('has the header, the machine and every field of the creation list', async () => {
      const c = await detail(MACHINE_1_CASES.northfieldOpen, dana);
      expect(c).toMatchObject({
        caseNumber: '00001001',
        recordType: 'Case',
        recordTypeId: CASE_RECORD_TYPE_ID,
        status: 'Updated',
        serialNumber: '52016',
        modelNumber: 'M7-172',
        pin: 'KBCM7172VNP052016',
        accountId: NORTHFIELD_ID,
        isClosed: false,
        inventory: {
          inventoryId: 'INV-M7172-52016',
          ownerName: 'Walter Hanson',
          servicingDealerName: 'Northfield Equipment',
        },
      });
      expect(c.submitterName).toBeTruthy();
      expect(c.submitterEmail).toMatch(/@/);
      expect(c.inventory.description).toContain('M7-172');
      for (const api of [
        'Origin',
        'Subject',
        'Description',
        'Assembly__c',
        'Sub_Assembly__c',
        'Causal_Part_Number__c',
        'Causal_Part__c',
        'Current_Engine_Hours__c',
        'Symptom_Description__c',
        'Defect_Description__c',
        'Troubleshooting__c',
        'Operating_Conditions__c',
        'Terrain__c',
        'Ground_Cover__c',
        'Ambient_Conditions__c',
        'Failure_Date__c',
        'CreatedDate',
      ]) {
        expect(c.fields[api], api).not.toBeNull();
      }
      expect(c.fields.Origin).toBe('Torque App');
      expect(typeof c.fields.Current_Engine_Hours__c).toBe('number');
      expect(c.fields.Failure_Date__c).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
      expect(c.fields.Serial_Number__c).toBe('52016');
    });

    it("answers 404 for another dealer's case and for no case; 400 for a malformed id", async () => {
      expectError(
        await http.get(`/api/v1/cases/${MACHINE_1_CASES.riverbend}`, dana),
        404,
        CASE_NOT_FOUND_MESSAGE,
      );
      expectError(
        await http.get(`/api/v1/cases/${MACHINE_1_CASES.northfieldOpen}`, eli),
        404,
        CASE_NOT_FOUND_MESSAGE,
      );
      expectError(await http.get('/api/v1/cases/500999999999999999', sam), 404);
      expectError(await http.get('/api/v1/cases/not-an-id!', dana), 400, CASE_NOT_FOUND_MESSAGE);
      expectError(await http.get(`/api/v1/cases/${'9'.repeat(41)}`, dana), 400);
      expectError(await http.get(`/api/v1/cases/${MACHINE_1_CASES.northfieldOpen}`, null), 401);
      // Internal users see every dealer's cases.
      expect((await detail(MACHINE_1_CASES.riverbend, sam)).accountId).toBe(RIVERBEND_ID);
      expect((await detail(MACHINE_1_CASES.riverbend, eli)).status).toBe('Created');
    });
  });

  describe('feed and files', () => {
    it('lists the thread oldest first with photos (thumbnails) and a PDF', async () => {
      const items = await http.feed(MACHINE_1_CASES.northfieldOpen, dana);
      expect(items).toHaveLength(4);
      expect(items.map((i) => i.createdAt)).toEqual([...items.map((i) => i.createdAt)].sort());
      for (const i of items) {
        expect(i).toMatchObject({ channel: 'Web', type: 'Customer', title: 'Service Web' });
      }
      expect(items[0]!.name).toBe('Text Update');
      const photos = items[1]!.attachments;
      expect(photos).toHaveLength(2);
      expect(items[1]!.name).toBe(photos[0]!.id);
      for (const p of photos) {
        expect(p.isImage).toBe(true);
        expect(p.thumbnailUrl).toBe(`/api/v1/case-files/${p.id}/thumbnail`);
        expect(p.width).toBeGreaterThan(0);
      }
      const pdf = items[3]!.attachments[0]!;
      expect(pdf).toMatchObject({ contentType: 'application/pdf', icon: 'pdf', isImage: false });
      expect(pdf.thumbnailUrl).toBeNull();

      const file = await http.get(pdf.url, dana);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(Number(file.headers['content-length'])).toBe(pdf.size);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const etag = String(file.headers.etag);
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect((await http.get(pdf.url, dana, { 'if-none-match': etag })).statusCode).toBe(304);

      const photo = await http.get(photos[0]!.url, dana);
      expect(photo.headers['content-type']).toBe(photos[0]!.contentType);
      expect(photo.rawPayload.length).toBe(photos[0]!.size);
      const thumb = await http.get(photos[0]!.thumbnailUrl!, dana);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.rawPayload.length).toBeLessThan(photos[0]!.size);
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(320);
    });

    it('has the long case: 200 items, 60 images', async () => {
      const items = await http.feed(LONG_CASE_ID, dana);
      expect(items).toHaveLength(LONG_CASE_ITEMS);
      expect(items.flatMap((i) => i.attachments).filter((a) => a.isImage)).toHaveLength(
        LONG_CASE_IMAGES,
      );
    });

    it("refuses another dealer's feed and files with 404, by every path", async () => {
      const items = await http.feed(MACHINE_1_CASES.northfieldOpen, sam);
      const file = items[1]!.attachments[0]!;
      expectError(await http.get(`/api/v1/cases/${MACHINE_1_CASES.northfieldOpen}/feed`, eli), 404);
      expectError(await http.get(file.url, eli), 404);
      expectError(await http.get(file.thumbnailUrl!, eli), 404);
      expectError(await http.get('/api/v1/case-files/069999999999999999', dana), 404);
      expectError(await http.get('/api/v1/case-files/..%2Fetc', dana), 400);
      // A PDF has no thumbnail.
      expectError(await http.get(`${items[3]!.attachments[0]!.url}/thumbnail`, dana), 404);
      expect((await http.get(file.url, sam)).statusCode).toBe(200);
    });
  });

  describe('lists', () => {
    it("pages an organisation's cases, 100 a page, newest first; a dealer only its own", async () => {
      const { rows, pages, total } = await allPages(
        `/api/v1/organisations/${NORTHFIELD_ID}/cases`,
        sam,
      );
      expect(total).toBeGreaterThanOrEqual(150);
      expect(rows).toHaveLength(total);
      expect(pages).toBe(Math.ceil(total / CASE_PAGE_SIZE));
      expect(new Set(rows.map((r) => r.id)).size).toBe(total);
      newestFirst(rows);
      expect(rows.every((r) => r.recordType === 'Case')).toBe(true);
      const statuses = new Set(rows.map((r) => r.status));
      for (const s of ['Created', 'Updated', 'Awaiting Feedback', 'Resolved', 'Forced Closed']) {
        expect(statuses, s).toContain(s);
      }
      const counted = await db()
        .selectFrom('cases')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', NORTHFIELD_ID)
        .where('record_type', '=', 'Case')
        .executeTakeFirstOrThrow();
      expect(total).toBe(Number(counted.n));

      expectError(await http.get(`/api/v1/organisations/${RIVERBEND_ID}/cases`, dana), 404);
      expectError(await http.get('/api/v1/organisations/001999999999999999/cases', sam), 404);
      const own = await http.get(`/api/v1/organisations/${NORTHFIELD_ID}/cases?limit=5`, dana);
      expect(caseListResponseSchema.parse(own.json()).cases).toHaveLength(5);
    });

    it("the dealer list: dana's organisation; sam's submitted or owned cases and reports", async () => {
      const dealer = await allPages('/api/v1/cases?limit=500', dana);
      const org = await allPages(`/api/v1/organisations/${NORTHFIELD_ID}/cases`, dana);
      expect(dealer.rows.map((r) => r.id)).toEqual(org.rows.map((r) => r.id));
      expect(dealer.pages).toBe(1);
      const eliRows = await allPages('/api/v1/cases', eli);
      expect(eliRows.rows.map((r) => r.id)).toContain(MACHINE_1_CASES.riverbend);
      expect(eliRows.rows.map((r) => r.id)).not.toContain(MACHINE_1_CASES.northfieldOpen);

      const mine = await allPages('/api/v1/cases', sam);
      const samId = DEMO_USERS[0]!.id;
      const expected = await db()
        .selectFrom('cases')
        .select('id')
        .where((eb) => eb.or([eb('submitted_by', '=', samId), eb('owner_id', '=', samId)]))
        .execute();
      expect(mine.total).toBe(expected.length);
      expect(mine.rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
      expect(mine.rows.some((r) => r.recordType === 'Report')).toBe(true);
      expect(mine.pages).toBeGreaterThan(1);
      newestFirst(mine.rows);
    });

    it('cases and reports per model and serial: open and closed ones for M7-172 52016', async () => {
      const cases = machineRecordsResponseSchema.parse(
        (await http.get('/api/v1/machines/cases?serial=52016&model=M7-172', sam)).json(),
      ).records;
      expect(cases.map((c) => c.status)).toEqual(
        expect.arrayContaining(['Updated', 'Resolved', 'Created']),
      );
      const reports = machineRecordsResponseSchema.parse(
        (await http.get('/api/v1/machines/reports?serial=52016&model=M7-172', sam)).json(),
      ).records;
      expect(reports.length).toBeGreaterThan(0);
      expectError(await http.get('/api/v1/machines/reports?serial=52016&model=M7-172', dana), 403);
    });

    it('sorts by last activity: a feed post on an old case moves it to the top', async () => {
      const url = `/api/v1/organisations/${NORTHFIELD_ID}/cases`;
      const before = await allPages(url, dana);
      newestFirst(before.rows);
      // The field is the newest of creation, last update and newest feed entry.
      const expected = await lastActivityInDb(before.rows.map((r) => r.id));
      for (const r of before.rows) expect(r.lastActivityAt, r.id).toBe(expected.get(r.id));
      const withFeed = await db()
        .selectFrom('case_feed_items')
        .select('case_id')
        .where(
          'case_id',
          'in',
          before.rows.map((r) => r.id),
        )
        .executeTakeFirstOrThrow();
      const fed = before.rows.find((r) => r.id === withFeed.case_id)!;
      expect(fed.lastActivityAt >= fed.createdAt).toBe(true);

      const old = before.rows[before.rows.length - 1]!;
      expect(before.rows[0]!.id).not.toBe(old.id);
      const posted = await http.post(
        `/api/v1/cases/${old.id}/feed`,
        dana,
        { body: 'Checked the pump again today' },
        randomUUID(),
      );
      expect(posted.statusCode, posted.body).toBe(201);
      const item = postFeedItemResponseSchema.parse(posted.json()).item;

      const after = await allPages(url, dana);
      expect(after.rows[0]!.id).toBe(old.id);
      expect(after.rows[0]!.lastActivityAt >= item.createdAt).toBe(true);
      expect(after.rows[0]!.lastActivityAt).toBe((await lastActivityInDb([old.id])).get(old.id));
      expect(after.rows.slice(1).map((r) => r.id)).toEqual(
        before.rows.filter((r) => r.id !== old.id).map((r) => r.id),
      );
      newestFirst(after.rows);
      // The dealer's own list and a small page agree; the cursor pages by the same order.
      const dealer = await allPages('/api/v1/cases?limit=7', dana);
      expect(dealer.rows.map((r) => r.id)).toEqual(after.rows.map((r) => r.id));
      // The machine's Cases tab sorts the same way.
      const machine = machineRecordsResponseSchema.parse(
        (await http.get('/api/v1/machines/cases?serial=52016&model=M7-172', dana)).json(),
      ).records;
      for (let i = 1; i < machine.length; i++) {
        expect(machine[i - 1]!.lastActivityAt >= machine[i]!.lastActivityAt).toBe(true);
      }

      // Dealer isolation holds: another dealer neither sees the case nor can post to it.
      const eliRows = await allPages('/api/v1/cases', eli);
      expect(eliRows.rows.map((r) => r.id)).not.toContain(old.id);
      expect(eliRows.rows.every((r) => r.id !== MACHINE_1_CASES.northfieldOpen)).toBe(true);
      expectError(
        await http.post(`/api/v1/cases/${old.id}/feed`, eli, { body: 'Not mine' }, randomUUID()),
        404,
      );
      expectError(await http.get(`/api/v1/organisations/${NORTHFIELD_ID}/cases`, eli), 404);
    });

    it('refuses bad paging input with 400', async () => {
      for (const q of [
        'limit=0',
        'limit=501',
        'limit=abc',
        'after=%%%',
        'after=bm90IGpzb24',
        'limit=1&limit=2',
      ]) {
        expectError(await http.get(`/api/v1/cases?${q}`, dana), 400);
      }
      expectError(await http.get('/api/v1/organisations/bad!id/cases', sam), 400);
    });
  });

  describe('layouts, picklists and lookups', () => {
    it('lists record types (reports for internal users only)', async () => {
      const forSam = recordTypesResponseSchema.parse(
        (await http.get('/api/v1/cases/record-types', sam)).json(),
      ).recordTypes;
      expect(forSam.map((t) => t.id).sort()).toEqual(
        [CASE_RECORD_TYPE_ID, REPORT_RECORD_TYPE_ID].sort(),
      );
      const forDana = recordTypesResponseSchema.parse(
        (await http.get('/api/v1/cases/record-types', dana)).json(),
      ).recordTypes;
      expect(forDana.map((t) => t.kind)).toEqual(['Case']);
      expectError(await http.get(`/api/v1/case-layouts/${REPORT_RECORD_TYPE_ID}`, dana), 403);
      expectError(await http.get('/api/v1/case-layouts/012999999999999999', sam), 404);
    });

    it('serves the layout with field types, flags and defaults; remote overrides apply', async () => {
      const layout = async () => {
        const res = await http.get(`/api/v1/case-layouts/${CASE_RECORD_TYPE_ID}`, dana);
        expect(res.statusCode, res.body).toBe(200);
        return layoutResponseSchema.parse(res.json());
      };
      const before = await layout();
      const fields = before.sections.flatMap((s) => s.fields);
      const byName = new Map(fields.map((f) => [f.apiName, f]));
      expect(byName.get('Subject')).toMatchObject({ type: 'String', required: true });
      expect(byName.get('Terrain__c')).toMatchObject({
        type: 'Picklist',
        controllerName: 'Operating_Conditions__c',
      });
      expect(byName.get('ContactId')).toMatchObject({ type: 'Reference', referenceTo: 'Contact' });
      expect(byName.get('CaseNumber')).toMatchObject({ editableForNew: false });
      expect(byName.get('Implement_Name__c')?.required).toBe(false);
      expect(before.sections.map((s) => s.id)).toContain('environment');
      expect(before.defaults).toMatchObject({
        Origin: 'Torque App',
        RecordTypeId: CASE_RECORD_TYPE_ID,
        AccountId: NORTHFIELD_ID,
        ContactId: DEMO_USERS[3]!.contact.id,
      });

      await db()
        .insertInto('remote_config')
        .values({
          key: LAYOUT_OVERRIDES_KEY,
          value: JSON.stringify({
            Case: {
              hiddenSections: ['environment'],
              hiddenFields: ['DTC_Error_Codes__c'],
              required: ['Implement_Name__c'],
            },
          }),
        })
        .execute();
      try {
        const after = await layout();
        const names = after.sections.flatMap((s) => s.fields.map((f) => f.apiName));
        expect(after.sections.map((s) => s.id)).not.toContain('environment');
        expect(names).not.toContain('DTC_Error_Codes__c');
        expect(names).not.toContain('Terrain__c');
        expect(
          after.sections.flatMap((s) => s.fields).find((f) => f.apiName === 'Implement_Name__c')
            ?.required,
        ).toBe(true);
        // Reports are untouched by the Case overrides.
        const report = layoutResponseSchema.parse(
          (await http.get(`/api/v1/case-layouts/${REPORT_RECORD_TYPE_ID}`, sam)).json(),
        );
        expect(report.sections.map((s) => s.id)).toContain('environment');
      } finally {
        await db().deleteFrom('remote_config').where('key', '=', LAYOUT_OVERRIDES_KEY).execute();
      }
    });

    it('serves picklists with dependencies three levels deep', async () => {
      const res = await http.get(`/api/v1/case-picklists/${CASE_RECORD_TYPE_ID}`, dana);
      expect(res.statusCode, res.body).toBe(200);
      const { picklists } = picklistsResponseSchema.parse(res.json());
      expect(picklists.Operating_Conditions__c!.controllerName).toBeNull();
      expect(picklists.Terrain__c!.controllerName).toBe('Operating_Conditions__c');
      expect(picklists.Ground_Cover__c!.controllerName).toBe('Terrain__c');
      expect(picklists.Sub_Assembly__c!.controllerName).toBe('Assembly__c');
      const terrainFor = (op: string) =>
        picklists.Terrain__c!.values.filter((v) => v.validFor.includes(op)).map((v) => v.value);
      expect(terrainFor('Road Transport')).not.toContain('Steep Slope');
      expect(terrainFor('Field Work')).toContain('Steep Slope');
      const coverFor = (t: string) =>
        picklists.Ground_Cover__c!.values.filter((v) => v.validFor.includes(t)).map((v) => v.value);
      expect(coverFor('Flat')).toContain('Concrete');
      expect(coverFor('Steep Slope')).not.toContain('Concrete');
      expect(picklists.Ground_Cover__c!.values.map((v) => v.value)).toContain('Row Crop');
      expect(picklists.Ambient_Conditions__c!.values.map((v) => v.value)).toContain(
        'Clear / Sunny',
      );
      expectError(await http.get(`/api/v1/case-picklists/${REPORT_RECORD_TYPE_ID}`, dana), 403);
    });

    it('looks up accounts, contacts of the chosen account and machines from 3 characters', async () => {
      const look = async (field: string, query: string, cookie: string) => {
        const res = await http.get(`/api/v1/case-lookups/${field}?${query}`, cookie);
        expect(res.statusCode, res.body).toBe(200);
        return lookupResponseSchema.parse(res.json());
      };
      const accounts = await look('AccountId', 'q=river', sam);
      expect(accounts.records.map((r) => r.id)).toContain(RIVERBEND_ID);
      // A dealer finds its own organisation and its customers, never another dealer.
      expect((await look('AccountId', 'q=river', dana)).records.map((r) => r.id)).not.toContain(
        RIVERBEND_ID,
      );
      expect((await look('AccountId', 'q=northfield', dana)).records.map((r) => r.id)).toContain(
        NORTHFIELD_ID,
      );

      const danaContact = DEMO_USERS[3]!.contact;
      const bound = await look('ContactId', `q=dan&AccountId=${NORTHFIELD_ID}`, sam);
      expect(bound.records.map((r) => r.id)).toContain(danaContact.id);
      const elsewhere = await look('ContactId', `q=dan&AccountId=${RIVERBEND_ID}`, sam);
      expect(elsewhere.records.map((r) => r.id)).not.toContain(danaContact.id);
      const contactAccounts = await db()
        .selectFrom('contacts')
        .select('account_id')
        .where('id', 'in', [...bound.records.map((r) => r.id), 'none'])
        .execute();
      expect(contactAccounts.every((c) => c.account_id === NORTHFIELD_ID)).toBe(true);

      const machines = await look('Inventory__c', 'q=520', dana);
      expect(machines.records.map((r) => r.id)).toContain('INV-M7172-52016');

      expectError(await http.get('/api/v1/case-lookups/AccountId?q=ab', sam), 400);
      expectError(await http.get('/api/v1/case-lookups/AccountId', sam), 400);
      expectError(await http.get('/api/v1/case-lookups/Subject?q=abc', sam), 404);
      // LIKE wildcards are plain characters.
      expect((await look('AccountId', 'q=%25%25%25', sam)).records).toEqual([]);
    });
  });
});
