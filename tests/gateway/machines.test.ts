import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_SEARCH_FIRST_NAME_ALONE_MESSAGE,
  CUSTOMER_SEARCH_LIMIT,
  CUSTOMER_SEARCH_REQUIRED_MESSAGE,
  CUSTOMER_SEARCH_STATE_ALONE_MESSAGE,
  customerSearchResponseSchema,
  fieldPackResponseSchema,
  machineDetailSchema,
  machineLookupResponseSchema,
  machineRecordsResponseSchema,
  modelTypeaheadResponseSchema,
  type MachineDetail,
} from '../../contract/machines';
import { apiErrorSchema } from '../../contract/errors';
import { NORTHFIELD_ID, RIVERBEND_ID } from '../../gateway/seed/fixed';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

const today = new Date().toISOString().slice(0, 10);

describe.each(lanes)('machines on $name', (lane) => {
  let gw: TestGateway;
  let sam: string;
  let dana: string;
  let eli: string;
  beforeAll(async () => {
    gw = await openGateway(lane);
    sam = await signIn(gw.app, 'sam.staff@torque.example');
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
    eli = await signIn(gw.app, 'eli.tech@riverbend.example');
  });
  afterAll(async () => {
    await gw?.close();
  });
  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    gw.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const lookup = async (query: string, cookie = dana): Promise<MachineDetail> => {
    const res = await get(`/api/v1/machines/lookup?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return machineLookupResponseSchema.parse(res.json()).machine;
  };
  const expectError = (
    res: { statusCode: number; json(): unknown },
    status: number,
    message?: string,
  ) => {
    expect(res.statusCode).toBe(status);
    const body = apiErrorSchema.parse(res.json());
    if (message !== undefined) expect(body.message).toBe(message);
    return body;
  };

  it('every endpoint needs a session', async () => {
    for (const url of [
      '/api/v1/machines/lookup?serial=52016&model=M7-172',
      '/api/v1/machines/models?model=M7-&serial=52016',
      '/api/v1/machines/customers?lastName=Hanson',
      '/api/v1/machines/cases?serial=52016&model=M7-172',
      '/api/v1/machines/reports?serial=52016&model=M7-172',
      `/api/v1/machines/field-pack?dealerId=${NORTHFIELD_ID}`,
      '/api/v1/machine-icons/tractor.svg',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('refuses control characters (a NUL would fail in the database) with 400, after the session check', async () => {
    const urls = [
      '/api/v1/machines/lookup?serial=52016%00&model=M7-172',
      '/api/v1/machines/lookup?pin=%00',
      '/api/v1/machines/models?model=M7-%00&serial=52016',
      '/api/v1/machines/customers?lastName=Han%00son',
      '/api/v1/machines/customers?city=North%0Afield&state=MN',
      '/api/v1/machines/cases?serial=52016&model=M7-172%00',
      '/api/v1/machines/reports?serial=%00&model=M7-172',
      `/api/v1/machines/field-pack?dealerId=${NORTHFIELD_ID}&after=%00`,
      '/api/v1/machine-icons/tractor%00.svg',
    ];
    for (const url of urls) {
      expectError(await get(url, sam), 400);
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expectError(await get('/api/v1/machines/field-pack?dealerId=%00', dana), 400);
  });

  describe('the fixed demo machines', () => {
    it('machine 1: telematics tractor of Walter Hanson with every kind of detail', async () => {
      const m = await lookup('serial=52016&model=M7-172');
      expect(m).toMatchObject({
        inventoryId: 'INV-M7172-52016',
        serialNumber: '52016',
        materialNumber: 'M7-172',
        materialNumberDescription: 'M7-172 Premium KVT Tractor',
        productIdentificationNo: 'KBCM7172VNP052016',
        modelFamily: 'Tractor',
        iconUrl: '/api/v1/machine-icons/tractor.svg',
        imei: '356938035643809',
        endCustomerName: 'Walter Hanson',
        endCustomerCity: 'Northfield',
        endCustomerState: 'MN',
        servicingDealerId: NORTHFIELD_ID,
        servicingDealerName: 'Northfield Equipment',
        hasKtac: true,
        isStolenInventory: false,
        isPreOwned: false,
        isAuction: false,
        isScrapped: false,
        isDonated: false,
        isModified: false,
      });
      expect(m.campaigns).toEqual([
        expect.objectContaining({
          campaignName: 'Hydraulic Pump Seal Replacement',
          isMandatory: true,
        }),
        expect.objectContaining({ campaignName: 'Cab Filter Upgrade', isMandatory: false }),
      ]);
      const standard = m.policies.find((p) => p.policyName === 'Standard Warranty')!;
      const powertrain = m.policies.find((p) => p.policyName === 'Powertrain Extended')!;
      expect(m.policies).toHaveLength(2);
      expect(standard.warrantyEndDate > today).toBe(true);
      expect(powertrain.warrantyEndDate < today).toBe(true);
      expect(standard.warrantyStartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(standard.pdInventoryUsages).toContainEqual({
        usageReadingType: 'Machine Hours',
        maximumUnit: 5000,
        unitsOfMeasure: 'Hours',
      });
      expect(m.claims).toHaveLength(2);
      for (const c of m.claims) {
        expect(c).toMatchObject({
          inventorySerialNumber: '52016',
          modelNumber: 'M7-172',
          dealer: 'Northfield Equipment',
        });
      }
      expect(m.claims.map((c) => c.serviceCampaign)).toContain('Hydraulic Pump Seal Replacement');
      expect(new Set(m.faultCodes.map((f) => f.severity))).toEqual(
        new Set(['High', 'Medium', 'Low']),
      );
      expect(m.faultCodes.find((f) => f.spn === 100)).toMatchObject({ fmi: 1, severity: 'High' });
      expect(m.majorComponents.map((c) => c.componentType)).toEqual([
        'Engine',
        'Transmission',
        'Front Axle',
      ]);
    });

    it('machine 2 is stolen and pre-owned; machine 3 carries every other chip', async () => {
      const stolen = await lookup('pin=KBCL3560HDC070531');
      expect(stolen).toMatchObject({
        inventoryId: 'INV-L3560-70531',
        serialNumber: '70531',
        materialNumber: 'L3560',
        isStolenInventory: true,
        isPreOwned: true,
        imei: null,
        servicingDealerId: RIVERBEND_ID,
        servicingDealerName: 'Riverbend Tractor',
        iconUrl: '/api/v1/machine-icons/compact-tractor.svg',
      });
      const chips = await lookup('serial=33090&model=SVL97-2');
      expect(chips).toMatchObject({
        inventoryId: 'INV-SVL972-33090',
        productIdentificationNo: 'KBCSVL972KP033090',
        isAuction: true,
        isScrapped: true,
        isDonated: true,
        isModified: true,
        isStolenInventory: false,
        servicingDealerName: 'Riverbend Tractor',
      });
    });

    it('the five M5-111 tractors are unpaired, Northfield-serviced and owned by Walter Hanson', async () => {
      for (const serial of ['41876', '41877', '41878', '41879', '41880']) {
        const m = await lookup(`serial=${serial}&model=M5-111`);
        expect(m).toMatchObject({
          inventoryId: `INV-M5111-${serial}`,
          productIdentificationNo: `KBCM5111TNP0${serial}`,
          imei: null,
          servicingDealerId: NORTHFIELD_ID,
          endCustomerName: 'Walter Hanson',
        });
      }
    });
  });

  describe('lookup', () => {
    it('finds by PIN (any case), by model in any case, and by a PIN given as the serial', async () => {
      expect((await lookup('pin=kbcm7172vnp052016')).inventoryId).toBe('INV-M7172-52016');
      expect((await lookup('serial=52016&model=m7-172')).inventoryId).toBe('INV-M7172-52016');
      expect((await lookup('serial=KBCM7172VNP052016&model=M7-172')).inventoryId).toBe(
        'INV-M7172-52016',
      );
      // A wrong model + serial pair still resolves through the PIN.
      expect((await lookup('serial=99999&model=M7-172&pin=KBCL3560HDC070531')).serialNumber).toBe(
        '70531',
      );
    });

    it("answers 404 'Machine Not Found' with its errorCode", async () => {
      for (const q of [
        'serial=52016&model=M7-152',
        'pin=KBCM7172VNP099999',
        'serial=5201&model=M7-172',
      ]) {
        const body = expectError(
          await get(`/api/v1/machines/lookup?${q}`, dana),
          404,
          'Machine Not Found',
        );
        expect(body.errorCode).toBe('machine-not-found');
      }
    });

    it('refuses incomplete or malformed input with 400', async () => {
      for (const q of [
        '',
        'serial=52016',
        'model=M7-172',
        'serial=%20&model=%20',
        'pin=a&pin=b',
        `pin=${'9'.repeat(41)}`,
        'serial=1&serial=2&model=M7-172',
      ]) {
        expectError(await get(`/api/v1/machines/lookup?${q}`, dana), 400);
      }
      // SQL-ish text is a value like any other: not found, never an error.
      const sqlish = encodeURIComponent("' OR 1=1 --");
      expectError(await get(`/api/v1/machines/lookup?serial=${sqlish}&model=${sqlish}`, dana), 404);
    });
  });

  describe('model typeahead', () => {
    const typeahead = async (model: string, serial: string) => {
      const res = await get(
        `/api/v1/machines/models?model=${encodeURIComponent(model)}&serial=${encodeURIComponent(serial)}`,
        dana,
      );
      expect(res.statusCode, res.body).toBe(200);
      return modelTypeaheadResponseSchema.parse(res.json());
    };

    it('lists the models starting with the typed characters that have the typed serial', async () => {
      const one = await typeahead('M7-', '52016');
      expect(one.status).toBe('Success');
      expect(one.modelList).toEqual([
        { materialNumber: 'M7-172', description: 'M7-172 Premium KVT Tractor' },
      ]);
      expect((await typeahead('m5-1', '41877')).modelList.map((m) => m.materialNumber)).toEqual([
        'M5-111',
      ]);
      // A serial prefix shared by many machines: every model listed starts with the model typed.
      const many = await typeahead('RTV', '12345');
      for (const m of many.modelList) expect(m.materialNumber.startsWith('RTV')).toBe(true);
      const m5 = await typeahead('M5-', '41880');
      expect(m5.modelList.map((m) => m.materialNumber)).toContain('M5-111');
    });

    it("says 'Failure' with a message when nothing matches (wildcards are literal)", async () => {
      for (const [model, serial] of [
        ['ZZZ', '52016'],
        ['M7-', '00000'],
        ['%%%', '_____'],
      ] as const) {
        const res = await typeahead(model, serial);
        expect(res.status, model).toBe('Failure');
        expect(res.modelList).toEqual([]);
        expect(res.message).toContain(model);
      }
    });

    it('needs 3 model and 5 serial characters (400 otherwise)', async () => {
      for (const q of [
        'model=M7&serial=52016',
        'model=M7-&serial=5201',
        'model=M7-',
        '',
        'model=M7-&serial=52016&serial=52017',
        `model=${'M'.repeat(41)}&serial=52016`,
      ]) {
        expectError(await get(`/api/v1/machines/models?${q}`, dana), 400);
      }
    });
  });

  describe('customer search', () => {
    const search = (query: string) => get(`/api/v1/machines/customers?${query}`, dana);

    it('answers the three product §5 messages with 400', async () => {
      expectError(await search(''), 400, CUSTOMER_SEARCH_REQUIRED_MESSAGE);
      expectError(await search('firstName=%20&city=%20'), 400, CUSTOMER_SEARCH_REQUIRED_MESSAGE);
      expectError(await search('firstName=Walter'), 400, CUSTOMER_SEARCH_FIRST_NAME_ALONE_MESSAGE);
      expectError(await search('state=MN'), 400, CUSTOMER_SEARCH_STATE_ALONE_MESSAGE);
    });

    it('finds Walter Hanson by last name, by both names, and Northfield, MN by place', async () => {
      const hanson = customerSearchResponseSchema.parse((await search('lastName=hanson')).json());
      const serials = hanson.machines.map((m) => `${m.materialNumber}/${m.serialNumber}`);
      expect(serials).toEqual(
        expect.arrayContaining(['M7-172/52016', 'M5-111/41876', 'M5-111/41880']),
      );
      expect(
        hanson.machines.every((m) => m.endCustomerName!.toLowerCase().includes('hanson')),
      ).toBe(true);
      const walter = customerSearchResponseSchema.parse(
        (await search('firstName=Walter&lastName=Hanson')).json(),
      );
      expect(walter.machines).toHaveLength(6);
      expect(walter.truncated).toBe(false);
      expect(walter.machines[0]).toMatchObject({
        endCustomerName: 'Walter Hanson',
        city: 'Northfield',
        state: 'MN',
        servicingDealerName: 'Northfield Equipment',
      });
      expect(walter.machines.find((m) => m.serialNumber === '52016')).toMatchObject({
        productIdentificationNo: 'KBCM7172VNP052016',
        description: 'M7-172 Premium KVT Tractor',
        iconUrl: '/api/v1/machine-icons/tractor.svg',
      });
      const place = customerSearchResponseSchema.parse(
        (await search('city=NORTHFIELD&state=mn')).json(),
      );
      expect(place.machines.length).toBeGreaterThanOrEqual(25);
      expect(place.machines.every((m) => m.city === 'Northfield' && m.state === 'MN')).toBe(true);
    });

    it('stops at 500 and says the list was cut', async () => {
      const all = customerSearchResponseSchema.parse((await search('lastName=a')).json());
      expect(all.machines).toHaveLength(CUSTOMER_SEARCH_LIMIT);
      expect(all.truncated).toBe(true);
    });

    it('treats SQL-ish and wildcard input as plain text; bad fields are 400', async () => {
      for (const name of ["' OR 1=1 --", '%', '_', "'; DROP TABLE machines; --", '\\']) {
        const res = await search(`lastName=${encodeURIComponent(name)}`);
        expect(res.statusCode, name).toBe(200);
        expect(res.json(), name).toEqual({ machines: [], truncated: false });
      }
      for (const q of [
        `lastName=Hanson&state=${encodeURIComponent("' OR")}`,
        'lastName=Hanson&state=MNN',
        'lastName=Hanson&state=M1',
        'lastName=a&lastName=b',
        `lastName=${'x'.repeat(81)}`,
      ]) {
        expectError(await search(q), 400);
      }
    });
  });

  describe('cases and reports per machine', () => {
    const records = async (
      kind: 'cases' | 'reports',
      cookie: string,
      query = 'serial=52016&model=m7-172',
    ) => {
      const res = await get(`/api/v1/machines/${kind}?${query}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return machineRecordsResponseSchema.parse(res.json()).records;
    };

    it("a dealer sees only its own organisation's cases; internal users see all", async () => {
      const mine = await records('cases', dana);
      expect(mine.map((c) => c.id).sort()).toEqual(
        [MACHINE_1_CASES.northfieldOpen, MACHINE_1_CASES.northfieldResolved].sort(),
      );
      expect(mine.map((c) => c.id)).not.toContain(MACHINE_1_CASES.riverbend);
      expect(mine[0]).toMatchObject({
        caseNumber: '00001001',
        status: 'Updated',
        subject: 'Hydraulic leak at loader valve',
      });
      const theirs = await records('cases', eli);
      expect(theirs.map((c) => c.id)).toEqual([MACHINE_1_CASES.riverbend]);
      const all = await records('cases', sam);
      expect(all.map((c) => c.id).sort()).toEqual(
        [
          MACHINE_1_CASES.northfieldOpen,
          MACHINE_1_CASES.northfieldResolved,
          MACHINE_1_CASES.riverbend,
        ].sort(),
      );
      // The serial may be given as the PIN.
      expect(await records('cases', sam, 'serial=KBCM7172VNP052016&model=M7-172')).toHaveLength(3);
      expect(await records('cases', sam, 'serial=52016&model=M7-152')).toEqual([]);
    });

    it('reports are for internal users only (403 for dana, the report for sam)', async () => {
      expectError(await get('/api/v1/machines/reports?serial=52016&model=M7-172', dana), 403);
      const reports = await records('reports', sam);
      expect(reports).toEqual([
        {
          id: MACHINE_1_CASES.northfieldReport,
          caseNumber: '00001004',
          status: 'Awaiting Feedback',
          subject: 'Field quality report: hydraulic pump seals',
          lastActivityAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/),
          unread: expect.any(Boolean),
        },
      ]);
      // Cases never list reports.
      expect((await records('cases', sam)).map((c) => c.id)).not.toContain(
        MACHINE_1_CASES.northfieldReport,
      );
    });

    it('refuses missing or malformed model and serial with 400', async () => {
      for (const q of [
        '',
        'serial=52016',
        'model=M7-172',
        'serial=%20&model=M7-172',
        'serial=1&serial=2&model=M7-172',
        `serial=${'1'.repeat(41)}&model=M7-172`,
      ]) {
        expectError(await get(`/api/v1/machines/cases?${q}`, dana), 400);
        expectError(await get(`/api/v1/machines/reports?${q}`, sam), 400);
      }
    });
  });

  describe('field pack', () => {
    const pack = async (query: string, cookie: string) => {
      const res = await get(`/api/v1/machines/field-pack?${query}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return fieldPackResponseSchema.parse(res.json());
    };

    it("pages through dana's own dealer with totals and a cursor", async () => {
      const seen: string[] = [];
      let after = '';
      let pages = 0;
      let total = -1;
      for (;;) {
        const page = await pack(
          `limit=120${after ? `&after=${encodeURIComponent(after)}` : ''}`,
          dana,
        );
        pages++;
        expect(page.dealerId).toBe(NORTHFIELD_ID);
        expect(page.dealerName).toBe('Northfield Equipment');
        if (total < 0) total = page.total;
        expect(page.total).toBe(total);
        expect(page.machines.length).toBeLessThanOrEqual(120);
        for (const m of page.machines) {
          machineDetailSchema.parse(m);
          expect(m.servicingDealerId).toBe(NORTHFIELD_ID);
          seen.push(m.inventoryId);
        }
        if (!page.next) break;
        expect(page.next).toBe(page.machines[page.machines.length - 1]!.inventoryId);
        after = page.next;
      }
      expect(total).toBeGreaterThanOrEqual(100);
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect([...seen].sort()).toEqual(seen);
      expect(pages).toBe(Math.ceil(total / 120));
      expect(seen).toContain('INV-M7172-52016');
      // The same dealer named explicitly is allowed.
      expect((await pack(`dealerId=${NORTHFIELD_ID}&limit=1`, dana)).machines).toHaveLength(1);
    });

    it('refuses another dealer for dana (404) and asks sam to choose one (400)', async () => {
      expectError(
        await get(`/api/v1/machines/field-pack?dealerId=${RIVERBEND_ID}`, dana),
        404,
        'Dealer not found',
      );
      expectError(await get('/api/v1/machines/field-pack', sam), 400, 'Choose a dealer');
      const riverbend = await pack(`dealerId=${RIVERBEND_ID}&limit=500`, sam);
      expect(riverbend.dealerName).toBe('Riverbend Tractor');
      expect(riverbend.machines).toHaveLength(riverbend.total);
      expect(riverbend.next).toBeNull();
      expect(riverbend.machines.map((m) => m.inventoryId)).toEqual(
        expect.arrayContaining(['INV-L3560-70531', 'INV-SVL972-33090']),
      );
      // A customer account or an unknown id is not a dealer.
      for (const id of ['001000000000000010', '001999999999999999', "' OR 1=1"]) {
        expectError(
          await get(`/api/v1/machines/field-pack?dealerId=${encodeURIComponent(id)}`, sam),
          404,
          'Dealer not found',
        );
      }
    });

    it('refuses a bad limit or cursor with 400', async () => {
      for (const q of [
        'limit=0',
        'limit=501',
        'limit=abc',
        'limit=1.5',
        'limit=1&limit=2',
        `after=${'x'.repeat(81)}`,
      ]) {
        expectError(
          await get(`/api/v1/machines/field-pack?dealerId=${NORTHFIELD_ID}&${q}`, sam),
          400,
        );
      }
    });
  });

  describe('machine icons', () => {
    it('serves an SVG per family with a week of caching and an ETag (304 on revalidation)', async () => {
      const res = await get('/api/v1/machine-icons/tractor.svg', dana);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=604800');
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(res.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(res.body).toContain('<title>Tractor</title>');
      const again = await get('/api/v1/machine-icons/tractor.svg', dana, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await get('/api/v1/machine-icons/excavator.svg', dana);
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).not.toBe(etag);
    });

    it('every icon a machine points at exists; unknown names are 404', async () => {
      const urls = new Set<string>();
      const page = fieldPackResponseSchema.parse(
        (await get(`/api/v1/machines/field-pack?dealerId=${NORTHFIELD_ID}&limit=500`, sam)).json(),
      );
      for (const m of page.machines) urls.add(m.iconUrl);
      expect(urls.size).toBeGreaterThan(3);
      for (const url of urls) expect((await get(url, dana)).statusCode, url).toBe(200);
      for (const name of ['combine.svg', 'tractor', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(200)]) {
        expect(
          (await get(`/api/v1/machine-icons/${name}`, dana)).statusCode,
          name,
        ).toBeGreaterThanOrEqual(400);
      }
      expectError(await get('/api/v1/machine-icons/combine.svg', dana), 404);
    });
  });
});
