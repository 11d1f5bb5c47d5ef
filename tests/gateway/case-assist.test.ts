import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOK_ID_PREFIX,
  CASE_ASSIST_MAX,
  bookIdsResponseSchema,
  caseAssistResponseSchema,
  dtcCodesResponseSchema,
  partsCatalogueResponseSchema,
} from '../../contract/case-create';
import { MACHINE_1, MACHINE_2 } from '../../gateway/seed/fixed-machines';
import { MODELS } from '../../gateway/reference/models';
import { rawBookIdsOf } from '../../gateway/seed/wizard';
import { HttpError } from '../../gateway/http/errors';
import {
  partsCatalogueOf,
  rewriteBookIds,
  withinLimit,
} from '../../gateway/services/parts-catalogue';
import { lanes, type TestGateway } from './harness';
import { type CasesClient, expectError, OPEN_TIMEOUT, openCasesGateway } from './cases-support';

describe('book ids', () => {
  it('splits the pipe-separated list and rewrites each id to start with 100', () => {
    expect(rewriteBookIds('2000011|3000012')).toEqual(['1000011', '1000012']);
    expect(rewriteBookIds(' 2000011 || 2000011|12|')).toEqual(['1000011']);
    expect(rewriteBookIds('')).toEqual([]);
  });

  it('gives up after the limit with a 504 the wizard turns into free text', async () => {
    const never = new Promise<string>(() => {});
    const err = await withinLimit(never, 20).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(504);
    await expect(withinLimit(Promise.resolve('ok'), 20)).resolves.toBe('ok');
  });
});

describe.each(lanes)('case assist, DTC values and the parts catalogue on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let http: CasesClient;

  beforeAll(async () => {
    ({ gw, http, dana } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const assist = async (params: Record<string, string>) => {
    const res = await http.get(`/api/v1/case-assist?${new URLSearchParams(params)}`, dana);
    expect(res.statusCode, res.body).toBe(200);
    return caseAssistResponseSchema.parse(res.json()).results;
  };

  it('suggests at most 6 documents, never a CRM item, even when the subject names one', async () => {
    for (const subject of [
      'Engine stalls under load',
      'Hydraulic pump noise',
      'DPF regeneration fails',
    ]) {
      const results = await assist({ subject });
      expect(results.length).toBeGreaterThan(0);
      expect(results.length).toBeLessThanOrEqual(CASE_ASSIST_MAX);
      expect(results.every((r) => !r.uniqueId.startsWith('CRM-'))).toBe(true);
      expect(results.every((r) => r.raw.filetype !== 'SalesforceItem')).toBe(true);
    }
    // The CRM items are in the index: knowledge search finds them.
    const search = await http.get('/api/v1/knowledge/search?q=TSC%20case%20record', dana);
    expect(JSON.stringify(search.json())).toContain('CRM-');
  });

  it('keeps to the machine family (or every product) and puts documents naming the DTC first', async () => {
    const family = MODELS.find((m) => m.model === MACHINE_1.model)!.family;
    const results = await assist({
      subject: 'fuel pressure low',
      model: MACHINE_1.model,
      serial: MACHINE_1.serial,
    });
    expect(results.length).toBe(CASE_ASSIST_MAX);
    for (const r of results) expect([family, null]).toContain(r.raw.commonproduct);
    // A DTC value of the model that a document of its family names in its title comes first,
    // though the subject alone ranks other documents higher.
    const codes = dtcCodesResponseSchema
      .parse((await http.get(`/api/v1/machines/dtc-codes?model=${MACHINE_1.model}`, dana)).json())
      .codes.map((c) => c.code);
    const titles = await gw.started.db.kysely
      .selectFrom('knowledge_documents')
      .select('title')
      .where('title', 'like', 'DTC SPN %')
      .where('commonproduct', '=', family)
      .execute();
    const code = codes.find((c) => titles.some((t) => t.title.includes(`${c}:`)))!;
    expect(code).toBeDefined();
    const subject = 'machine will not start';
    const plain = await assist({ subject, model: MACHINE_1.model });
    const withDtc = await assist({ subject, model: MACHINE_1.model, dtc: `${code}, E:0000-0000` });
    expect(withDtc[0]!.title).toContain(code);
    expect(plain[0]?.title ?? '').not.toContain(code);
    for (const r of withDtc) expect([family, null]).toContain(r.raw.commonproduct);
  });

  it("puts the machine's own model first, then its family, then every product", async () => {
    // Each subject matches articles of several models of the family equally well.
    for (const subject of ['Cab heater blows cold', 'Hydraulic oil warm at idle']) {
      const results = await assist({ subject, model: MACHINE_1.model, serial: MACHINE_1.serial });
      const namesModel = results.map((r) => /\(M7-172\)|\bM7-172\b/.test(r.title));
      expect(namesModel[0], results[0]?.title).toBe(true);
      // Once a title names another model, none after it names this one.
      const firstOther = namesModel.indexOf(false);
      if (firstOther >= 0) expect(namesModel.slice(firstOther)).not.toContain(true);
    }
    // A model no title names ("M7-17" is not "M7-172") still gets suggestions of its words.
    const prefix = await assist({ subject: 'Cab heater blows cold', model: 'M7-17' });
    expect(prefix.length).toBeGreaterThan(0);
  });

  it('answers nothing for stop words only and refuses an empty subject', async () => {
    expect(await assist({ subject: 'the and of' })).toEqual([]);
    expectError(await http.get('/api/v1/case-assist?subject=%20', dana), 400);
    expectError(await http.get('/api/v1/case-assist?subject=a&subject=b', dana), 400);
    expectError(await http.get('/api/v1/case-assist', null), 401);
  });

  it('answers the DTC values of a model in any case; none for an unknown model', async () => {
    const res = dtcCodesResponseSchema.parse(
      (
        await http.get(`/api/v1/machines/dtc-codes?model=${MACHINE_2.model.toLowerCase()}`, dana)
      ).json(),
    );
    expect(res.modelNumber).toBe(MACHINE_2.model);
    expect(res.codes.length).toBeGreaterThan(5);
    expect(res.codes.some((c) => c.code.startsWith('E:'))).toBe(true);
    const none = dtcCodesResponseSchema.parse(
      (await http.get('/api/v1/machines/dtc-codes?model=NOPE', dana)).json(),
    );
    expect(none.codes).toEqual([]);
    expectError(await http.get('/api/v1/machines/dtc-codes', dana), 400);
  });

  it('answers the book ids rewritten to start with 100 and the assembly tree', async () => {
    const index = MODELS.findIndex((m) => m.model === MACHINE_1.model);
    const books = bookIdsResponseSchema.parse(
      (await http.get(`/api/v1/parts-catalogue/book-ids?model=${MACHINE_1.model}`, dana)).json(),
    );
    expect(books.bookIds).toEqual(rewriteBookIds(rawBookIdsOf(index)));
    expect(books.bookIds.every((b) => b.startsWith(BOOK_ID_PREFIX))).toBe(true);
    expect(rawBookIdsOf(index).startsWith(BOOK_ID_PREFIX)).toBe(false);

    const tree = partsCatalogueResponseSchema.parse(
      (await http.get(`/api/v1/parts-catalogue?model=${MACHINE_1.model}`, dana)).json(),
    );
    expect(tree.bookIds).toEqual(books.bookIds);
    expect(tree.assemblies.map((a) => a.name)).toContain('Engine');
    const engine = tree.assemblies.find((a) => a.name === 'Engine')!;
    const fuel = engine.subAssemblies.find((s) => s.name === 'Fuel System')!;
    expect(fuel.parts.length).toBeGreaterThanOrEqual(3);
    // The key part's name starts with its number (product §3: number, then the rest).
    for (const p of fuel.parts) expect(p.name.split(' ')[0]).toBe(p.number);
    const none = partsCatalogueResponseSchema.parse(
      (await http.get('/api/v1/parts-catalogue?model=NOPE', dana)).json(),
    );
    expect(none).toEqual({ modelNumber: 'NOPE', bookIds: [], assemblies: [] });
  });

  // A second connection holds the catalogue locked: PostgreSQL only (PGlite has one).
  it.skipIf(lane.name !== 'postgres')('gives up on a catalogue that does not answer', async () => {
    const locker = new pg.Client({ connectionString: gw.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE parts_books IN ACCESS EXCLUSIVE MODE');
      const err = await partsCatalogueOf(gw.started.db.kysely, MACHINE_1.model, 300).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).statusCode).toBe(504);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });
});
