import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleSchema,
  knowledgeSearchResponseSchema,
  type KnowledgeSearchResponse,
} from '../../contract/knowledge';
import { apiErrorSchema } from '../../contract/errors';
import { HOSTILE_ARTICLE_IDS } from '../../gateway/seed/knowledge-fixed';
import { lanes, openGateway, type TestGateway } from './harness';
import { insertDocs } from './knowledge-support';
import { signIn } from './oidc-flow';

describe.each(lanes)('knowledge search and articles on $name', (lane) => {
  let gw: TestGateway;
  let sam: string;
  let dana: string;
  beforeAll(async () => {
    gw = await openGateway(lane);
    sam = await signIn(gw.app, 'sam.staff@torque.example');
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
    // A made-up word only these documents hold: A has it in the title, B in the body only.
    await insertDocs(gw.started.db.kysely, [
      {
        id: 'KA-T-BODY',
        title: 'Valve adjustment notes',
        body_html: '<p>Check the zorbulator before adjusting the valve.</p>',
        commonproduct: 'Tractor',
      },
      {
        id: 'KA-T-TITLE',
        title: 'Zorbulator valve adjustment',
        body_html: '<p>Adjust the valve with the engine stopped.</p>',
        commonproduct: 'Tractor',
      },
      {
        id: 'MAN-T-1',
        title: 'Zorbulator workshop manual',
        body_html: '<p>Workshop manual.</p>',
        document_type: 'Manual',
        file_type: 'pdf',
        manual_section: 'Workshop Manuals',
        commonproduct: 'Mower',
      },
      {
        id: 'KA-T-HOSTILE',
        title: 'Hostile import',
        body_html:
          '<h2>Keep me</h2><p>Safe <strong>text</strong>.</p><script>alert("x")</script>' +
          '<img src="/api/v1/files/none" onerror="alert(1)"><img src="https://evil.example/p.png">' +
          '<a href="javascript:alert(1)">bad link</a><a href="https://example.com/ok">good link</a>' +
          '<div onmouseover="alert(2)" style="color:red">hover</div>',
      },
    ]);
  });
  afterAll(async () => {
    await gw?.close();
  });
  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    gw.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const search = async (query: string, cookie = dana): Promise<KnowledgeSearchResponse> => {
    const res = await get(`/api/v1/knowledge/search?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return knowledgeSearchResponseSchema.parse(res.json());
  };

  it('keeps the GIN search index the seed rebuilt after its load', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE indexname = 'knowledge_documents_search'`.execute(
      gw.started.db.kysely,
    );
    expect(rows[0]?.indexdef).toMatch(/USING gin \(search\)/);
  });

  it('ranks a title match above a body-only match', async () => {
    const r = await search('q=zorbulator&c=articles');
    expect(r.results.map((x) => x.uniqueId)).toEqual(['KA-T-TITLE', 'KA-T-BODY']);
    expect(r).toMatchObject({ totalCount: 2, page: 1, pageCount: 1, fuzzy: false });
    const body = r.results[1]!;
    // The excerpt is plain text with the matched word marked by a range.
    expect(body.highlights.length).toBeGreaterThan(0);
    for (const [s, e] of body.highlights) {
      expect(body.excerpt.slice(s, e).toLowerCase()).toBe('zorbulator');
    }
  });

  it('filters by the tab document types and counts the product facet', async () => {
    const all = await search('q=zorbulator&c=all');
    expect(all.totalCount).toBe(3);
    expect(all.facets).toEqual([
      {
        field: 'commonproduct',
        values: [
          { value: 'Tractor', count: 2 },
          { value: 'Mower', count: 1 },
        ],
      },
    ]);
    // No c: the first tab (all).
    expect((await search('q=zorbulator')).totalCount).toBe(3);
    const manuals = await search('q=zorbulator&c=manuals');
    expect(manuals.results.map((x) => x.uniqueId)).toEqual(['MAN-T-1']);
    expect(manuals.results[0]!.raw).toMatchObject({
      documenttype: 'Manual',
      manualsection: 'Workshop Manuals',
      commonproduct: 'Mower',
    });
    expect((await search('q=zorbulator&c=bulletins')).totalCount).toBe(0);
    // The product facet filters results; the facet still counts every product.
    const mower = await search('q=zorbulator&c=all&product=Mower');
    expect(mower.results.map((x) => x.uniqueId)).toEqual(['MAN-T-1']);
    expect(mower.totalCount).toBe(1);
    expect(mower.facets[0]!.values).toHaveLength(2);
    expect((await search('q=zorbulator&product=Excavator')).totalCount).toBe(0);
  });

  it('pages by 10 and caps the page count at 100', async () => {
    // Every generated article body says "... machines": thousands of hits.
    const p1 = await search('q=machines&c=articles');
    expect(p1.totalCount).toBeGreaterThan(1000);
    expect(p1.pageCount).toBe(100);
    expect(p1.results).toHaveLength(10);
    const p2 = await search('q=machines&c=articles&page=2');
    expect(p2.page).toBe(2);
    expect(p2.results).toHaveLength(10);
    const ids1 = new Set(p1.results.map((r) => r.uniqueId));
    expect(p2.results.some((r) => ids1.has(r.uniqueId))).toBe(false);
    const p100 = await search('q=machines&c=articles&page=100');
    expect(p100.results).toHaveLength(10);
    const res = await get('/api/v1/knowledge/search?q=machines&page=101', dana);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message).toBe('page: page is at most 100');
    // A page past the last page of a small answer is empty, not an error.
    const past = await search('q=zorbulator&page=5');
    expect(past).toMatchObject({ results: [], totalCount: 3, pageCount: 1, page: 5 });
  });

  it('finds hydraulic pump articles with highlights, and corrects "hydrolic pump"', async () => {
    const exact = await search('q=hydraulic%20pump&c=articles');
    expect(exact.fuzzy).toBe(false);
    expect(exact.totalCount).toBeGreaterThan(10);
    expect(exact.results[0]!.title.toLowerCase()).toContain('hydraulic pump');
    const words = exact.results.flatMap((r) =>
      r.highlights.map(([s, e]) => r.excerpt.slice(s, e).toLowerCase()),
    );
    expect(words.length).toBeGreaterThan(0);
    for (const w of words) expect(w).toMatch(/^(hydraulic|pump)/);
    const fuzzy = await search('q=hydrolic%20pump&c=articles');
    expect(fuzzy.fuzzy).toBe(true);
    expect(fuzzy.totalCount).toBe(exact.totalCount);
    expect(fuzzy.results.map((r) => r.uniqueId)).toEqual(exact.results.map((r) => r.uniqueId));
    // Nothing close: empty, not fuzzy.
    const none = await search('q=qqxxzzjj');
    expect(none).toMatchObject({ results: [], totalCount: 0, pageCount: 0, fuzzy: false });
  });

  it('builds the article route with the attachment, and parentResult is the first file', async () => {
    const r = await search('q=DCU%20installation%20guides&c=articles');
    const hit = r.results.find((x) => x.uniqueId === 'KA-INSTALL-GUIDES');
    expect(hit).toBeDefined();
    expect(hit!.parentResult).toMatchObject({
      fileType: 'pdf',
      contentType: 'application/pdf',
      url: `/api/v1/files/${hit!.parentResult!.id}`,
    });
    const [path, search_] = hit!.clickUri.split('?');
    expect(path).toBe('/knowledge/answer');
    const params = new URLSearchParams(search_);
    expect(params.get('uniqueID')).toBe('KA-INSTALL-GUIDES');
    expect(params.get('title')).toBe('DCU Installation Guides');
    expect(params.get('attachmentTitle')).toBe(hit!.parentResult!.title);
    expect(params.get('attachmentURL')).toBe(hit!.parentResult!.url);
    expect(params.get('attachmentType')).toBe('pdf');
    expect(hit!.raw).toMatchObject({ categorylevel4: 'Installation', documenttype: 'Article' });
    // Without an attachment: only id and title.
    const plain = (await search('q=zorbulator')).results.find((x) => x.uniqueId === 'KA-T-BODY')!;
    expect(plain.parentResult).toBeNull();
    expect(plain.clickUri).toBe(
      '/knowledge/answer?uniqueID=KA-T-BODY&title=Valve+adjustment+notes',
    );
  });

  it('answers an internal and an external user alike', async () => {
    for (const q of ['q=hydraulic%20pump', 'q=hydrolic&c=bulletins', 'q=manual&c=manuals']) {
      expect(await search(q, sam)).toEqual(await search(q, dana));
    }
    const a = await get('/api/v1/knowledge/articles/KA-INSTALL-GUIDES', sam);
    const b = await get('/api/v1/knowledge/articles/KA-INSTALL-GUIDES', dana);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });

  it('sanitises article HTML on the way out and keeps the safe content', async () => {
    const res = await get('/api/v1/knowledge/articles/KA-T-HOSTILE', dana);
    expect(res.statusCode).toBe(200);
    const a = articleSchema.parse(res.json());
    expect(a.html).toContain('<h2>Keep me</h2>');
    expect(a.html).toContain('<strong>text</strong>');
    expect(a.html).toContain('href="https://example.com/ok"');
    expect(a.html).toContain('<img src="/api/v1/files/none"');
    expect(a.html).toContain('hover');
    for (const bad of [
      '<script',
      'alert',
      'onerror',
      'onmouseover',
      'javascript:',
      'style=',
      'evil.example',
    ]) {
      expect(a.html.toLowerCase()).not.toContain(bad);
    }
    expect(a.text).toContain('Keep me Safe text');
    expect(a.text).not.toContain('alert');
    // The seeded imports are cleaned the same way.
    for (const id of HOSTILE_ARTICLE_IDS) {
      const s = articleSchema.parse((await get(`/api/v1/knowledge/articles/${id}`, dana)).json());
      expect(s.html).not.toMatch(/<script|<iframe|<style|<svg|onerror|onclick|onload|javascript:/i);
      expect(s.html).toMatch(/<p>/);
    }
  });

  it('answers an article with its attachments, and 404 for an unknown id', async () => {
    const a = articleSchema.parse(
      (await get('/api/v1/knowledge/articles/KA-PASSWORD-RESET', dana)).json(),
    );
    expect(a).toMatchObject({ title: 'How to reset your password', documentType: 'Article' });
    expect(a.attachments).toEqual([]);
    const g = articleSchema.parse(
      (await get('/api/v1/knowledge/articles/KA-INSTALL-GUIDES', dana)).json(),
    );
    expect(g.attachments).toHaveLength(1);
    expect(Date.parse(g.updatedAt)).not.toBeNaN();
    const res = await get('/api/v1/knowledge/articles/KA-NOPE', dana);
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).errorCode).toBe('article-not-found');
  });

  it('streams an attachment with its type, cache headers, ETag and 304', async () => {
    const g = articleSchema.parse(
      (await get('/api/v1/knowledge/articles/KA-INSTALL-GUIDES', dana)).json(),
    );
    const file = g.attachments[0]!;
    const res = await get(file.url, dana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    expect(Number(res.headers['content-length'])).toBe(file.size);
    expect(res.rawPayload.length).toBe(file.size);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="DCU Installation Guide.pdf"',
    );
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(file.url, dana, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(file.url, dana, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // An image attachment is a real PNG.
    const png = await gw.started.db.kysely
      .selectFrom('knowledge_files')
      .select(['id'])
      .where('file_type', '=', 'png')
      .limit(1)
      .executeTakeFirstOrThrow();
    const img = await get(`/api/v1/files/${png.id}`, sam);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await get('/api/v1/files/NOPE', dana)).statusCode).toBe(404);
  });
});
