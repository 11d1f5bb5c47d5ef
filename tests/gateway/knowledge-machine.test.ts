import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfigSchema } from '../../contract/config';
import {
  MANUAL_SECTIONS,
  articleSchema,
  bulletinsResponseSchema,
  knowledgeSearchResponseSchema,
  manualsResponseSchema,
} from '../../contract/knowledge';
import { machineLookupResponseSchema } from '../../contract/machines';
import { apiErrorSchema } from '../../contract/errors';
import { syncRemoteConfig } from '../../gateway/services/remote-config';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

describe.each(lanes)('knowledge for machines, configuration and bad input on $name', (lane) => {
  let gw: TestGateway;
  let sam: string;
  let dana: string;
  beforeAll(async () => {
    gw = await openGateway(lane);
    sam = await signIn(gw.app, 'sam.staff@torque.example');
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
  });
  afterAll(async () => {
    await gw?.close();
  });
  const get = (url: string, cookie?: string) =>
    gw.app.inject({ url, headers: cookie ? { cookie } : {} });
  const json = async (url: string, cookie = dana) => {
    const res = await get(url, cookie);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };

  it('every endpoint needs a session', async () => {
    for (const url of [
      '/api/v1/knowledge/search?q=pump',
      '/api/v1/knowledge/articles/KA-INSTALL-GUIDES',
      '/api/v1/knowledge/manuals?model=M7-172',
      '/api/v1/knowledge/bulletins?campaign=Cab%20Filter%20Upgrade',
      '/api/v1/files/KA-INSTALL-GUIDES-F1',
      // Bad input is still 401 first: nothing is checked for a stranger.
      '/api/v1/knowledge/search?q=%00',
      '/api/v1/knowledge/search?q=pump&page=101',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers the four manual sections of a model in product.md order', async () => {
    const m = manualsResponseSchema.parse(await json('/api/v1/knowledge/manuals?model=M7-172'));
    expect(m.sections.map((s) => s.section)).toEqual(MANUAL_SECTIONS);
    for (const s of m.sections) {
      expect(s.results.length, s.section).toBeGreaterThan(0);
      for (const r of s.results) {
        expect(r.raw).toMatchObject({
          documenttype: 'Manual',
          commonproduct: 'Tractor',
          manualsection: s.section,
        });
        expect(r.parentResult?.fileType).toBe('pdf');
      }
    }
    // The model in any case; the same answer for internal and external users.
    expect(await json('/api/v1/knowledge/manuals?model=m7-172', sam)).toEqual(m);
    // A family without manuals, and an unknown model: four empty sections ('No manuals found').
    for (const model of ['R640', 'NOPE-1']) {
      const none = manualsResponseSchema.parse(
        await json(`/api/v1/knowledge/manuals?model=${model}`),
      );
      expect(none.sections.map((s) => [s.section, s.results.length])).toEqual(
        MANUAL_SECTIONS.map((s) => [s, 0]),
      );
    }
    const skid = manualsResponseSchema.parse(await json('/api/v1/knowledge/manuals?model=SSV75'));
    expect(skid.sections.find((s) => s.section === 'Assembly Instructions')!.results).toEqual([]);
    expect(skid.sections.find((s) => s.section === 'Workshop Manuals')!.results.length).toBe(2);
  });

  it('answers the bulletins of each campaign of M7-172 / 52016', async () => {
    const { machine } = machineLookupResponseSchema.parse(
      await json('/api/v1/machines/lookup?serial=52016&model=M7-172'),
    );
    expect(machine.campaigns.length).toBeGreaterThan(0);
    for (const c of machine.campaigns) {
      const b = bulletinsResponseSchema.parse(
        await json(`/api/v1/knowledge/bulletins?campaign=${encodeURIComponent(c.campaignName)}`),
      );
      expect(b.results.length).toBeGreaterThan(0);
      expect(b.results.length).toBeLessThanOrEqual(10);
      expect(b.results[0]!.raw).toMatchObject({
        documenttype: 'Campaign Bulletin',
        campaignname: c.campaignName,
      });
      for (const r of b.results) {
        expect(['Campaign Bulletin', 'Service Bulletin']).toContain(r.raw.documenttype);
      }
    }
    const pump = bulletinsResponseSchema.parse(
      await json('/api/v1/knowledge/bulletins?campaign=hydraulic%20pump%20seal%20replacement'),
    );
    expect(pump.results.filter((r) => r.raw.campaignname !== null)).toHaveLength(2);
    expect(pump.results.some((r) => r.raw.documenttype === 'Service Bulletin')).toBe(true);
  });

  it("for a machine, puts the related bulletins about its model first, then its family's", async () => {
    const ask = (query: string) =>
      json(`/api/v1/knowledge/bulletins?campaign=hydraulic%20pump%20seal%20replacement${query}`);
    const related = (b: unknown) =>
      bulletinsResponseSchema.parse(b).results.filter((r) => r.raw.campaignname === null);
    const forMachine = related(await ask('&model=M7-172&family=Tractor'));
    expect(forMachine.length).toBeGreaterThan(0);
    const rows = await gw.started.db.kysely
      .selectFrom('knowledge_documents')
      .select(['id', 'title', 'body_text', 'commonproduct'])
      .where(
        'id',
        'in',
        forMachine.map((r) => r.uniqueId),
      )
      .execute();
    const about = (id: string) => {
      const d = rows.find((x) => x.id === id)!;
      if (`${d.title} ${d.body_text}`.toLowerCase().includes('m7-172')) return 0;
      return d.commonproduct === 'Tractor' ? 1 : 2;
    };
    const order = forMachine.map((r) => about(r.uniqueId));
    // Closest first: never a farther one before a nearer one.
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeLessThan(2);
    // Without a machine, the plain ranking still answers.
    expect(related(await ask('')).length).toBeGreaterThan(0);
  });

  it('names no demo document with a word said twice ("Tractor Tractors Workshop Manual")', async () => {
    const docs = await gw.started.db.kysely
      .selectFrom('knowledge_documents')
      .select('title')
      .execute();
    const stutters = docs
      .map((d) => d.title)
      .filter((title) => {
        const words = title.toLowerCase().split(/\s+/);
        return words.some((w, i) => w.length > 2 && words[i + 1]?.startsWith(w));
      });
    expect(stutters).toEqual([]);
  });

  it('gives every demo document its own title, so no results page lists one twice', async () => {
    const repeated = await gw.started.db.kysely
      .selectFrom('knowledge_documents')
      .select(['title', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('title')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(repeated).toEqual([]);
    // As a user meets it: one page of a broad search.
    const page = knowledgeSearchResponseSchema.parse(
      await json('/api/v1/knowledge/search?q=torque%20specifications'),
    );
    const titles = page.results.map((r) => r.title);
    expect(titles.length).toBeGreaterThan(1);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('has a bulletin for every campaign the machine data holds', async () => {
    const names = await gw.started.db.kysely
      .selectFrom('machine_campaigns')
      .select('campaign_name')
      .distinct()
      .execute();
    expect(names.length).toBeGreaterThan(3);
    for (const { campaign_name } of names) {
      const b = bulletinsResponseSchema.parse(
        await json(`/api/v1/knowledge/bulletins?campaign=${encodeURIComponent(campaign_name)}`),
      );
      expect(
        b.results.some((r) => r.raw.campaignname === campaign_name),
        campaign_name,
      ).toBe(true);
    }
    const none = bulletinsResponseSchema.parse(
      await json('/api/v1/knowledge/bulletins?campaign=the'),
    );
    expect(none.results).toEqual([]);
  });

  it('serves the knowledge part of the remote configuration', async () => {
    const config = remoteConfigSchema.parse(await json('/api/v1/config'));
    expect(config.knowledge!.tabs.map((t) => [t.id, t.label, t.documentTypes])).toEqual([
      ['all', 'All', ['Article', 'Manual', 'Campaign Bulletin', 'Service Bulletin']],
      ['articles', 'Knowledge Articles', ['Article']],
      ['manuals', 'Manuals', ['Manual']],
      ['bulletins', 'Bulletins', ['Campaign Bulletin', 'Service Bulletin']],
    ]);
    for (const t of config.knowledge!.tabs) expect(t.facets).toEqual(['commonproduct']);
    expect(config.knowledge!.attachmentBaseUrl).toBe('');
    expect(config.knowledge!.productFacets).toContainEqual({ value: 'Tractor', label: 'Tractors' });
    expect(config.knowledge!.manualsTemplate.documentTypes).toEqual(['Manual']);
    expect(config.installationGuidesArticleId).toBe('KA-INSTALL-GUIDES');
    // The password article link opens a real article.
    expect(config.passwordArticleUrl).toBe('/knowledge/answer?uniqueID=KA-PASSWORD-RESET');
    const id = new URLSearchParams(config.passwordArticleUrl.split('?')[1]).get('uniqueID');
    const article = articleSchema.parse(await json(`/api/v1/knowledge/articles/${id}`));
    expect(article.title).toBe('How to reset your password');
  });

  it('lets the environment override the password article and the attachment base', async () => {
    const db = gw.started.db.kysely;
    await syncRemoteConfig(db, {
      ...gw.config,
      links: { ...gw.config.links, 'password-article': 'https://kb.example/pw' },
      knowledgeAttachmentBaseUrl: 'https://files.example/',
    });
    try {
      const config = remoteConfigSchema.parse(await json('/api/v1/config'));
      expect(config.passwordArticleUrl).toBe('https://kb.example/pw');
      expect(config.knowledge!.attachmentBaseUrl).toBe('https://files.example/');
      const article = articleSchema.parse(
        await json('/api/v1/knowledge/articles/KA-INSTALL-GUIDES'),
      );
      expect(article.attachments[0]!.url).toBe(
        'https://files.example/api/v1/files/KA-INSTALL-GUIDES-F1',
      );
      // Inline images of our own files follow the base too (and survive sanitising).
      const png = await db
        .selectFrom('knowledge_files')
        .select(['id', 'document_id'])
        .where('file_type', '=', 'png')
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow();
      const withImage = articleSchema.parse(
        await json(`/api/v1/knowledge/articles/${png.document_id}`),
      );
      expect(withImage.html).toContain(`<img src="https://files.example/api/v1/files/${png.id}"`);
    } finally {
      await syncRemoteConfig(db, {
        ...gw.config,
        links: {
          ...gw.config.links,
          'password-article': '/knowledge/answer?uniqueID=KA-PASSWORD-RESET',
        },
        knowledgeAttachmentBaseUrl: '',
      });
    }
  });

  it('answers bad input with 400 or an empty result, never 500', async () => {
    const cases: [string, 400 | 200 | 404, string?][] = [
      ['/api/v1/knowledge/search', 400],
      ['/api/v1/knowledge/search?q=', 400, 'q: Please enter a search term.'],
      ['/api/v1/knowledge/search?q=%20%20', 400, 'q: Please enter a search term.'],
      [
        `/api/v1/knowledge/search?q=${'a'.repeat(201)}`,
        400,
        'q: The search term is at most 200 characters.',
      ],
      ['/api/v1/knowledge/search?q=pump%01', 400, 'Control characters are not allowed in a search'],
      ['/api/v1/knowledge/search?q=pump%0D%0A', 400],
      ['/api/v1/knowledge/search?q=pump&q=seal', 400],
      ['/api/v1/knowledge/search?q=pump&page=0', 400, 'page: page starts at 1'],
      ['/api/v1/knowledge/search?q=pump&page=-1', 400],
      ['/api/v1/knowledge/search?q=pump&page=abc', 400],
      ['/api/v1/knowledge/search?q=pump&page=1.5', 400],
      ['/api/v1/knowledge/search?q=pump&page=101', 400],
      ['/api/v1/knowledge/search?q=pump&page=99999999999999999999', 400],
      [
        '/api/v1/knowledge/search?q=pump&c=nope',
        400,
        'Unknown category "nope": use one of all, articles, manuals, bulletins',
      ],
      [`/api/v1/knowledge/search?q=pump&c=${'x'.repeat(61)}`, 400],
      ['/api/v1/knowledge/search?q=the%20and%20of', 200],
      ['/api/v1/knowledge/search?q=%27%22%3B--', 200],
      ['/api/v1/knowledge/search?q=%26%7C!()%3A*%3C%3E', 200],
      ['/api/v1/knowledge/search?q=%22unbalanced%20pump', 200],
      ['/api/v1/knowledge/search?q=pump%27)%20OR%201%3D1--', 200],
      ['/api/v1/knowledge/search?q=-pump', 200],
      ['/api/v1/knowledge/search?q=%F0%9F%9A%9C%20tractor', 200],
      ['/api/v1/knowledge/search?q=%5C%5C%5C', 200],
      [
        '/api/v1/knowledge/search?q=pump&product=%27%3B%20DROP%20TABLE%20knowledge_documents--',
        200,
      ],
      ['/api/v1/knowledge/search?q=pump%3A*%20%26%20!seal', 200],
      ['/api/v1/knowledge/articles/%27%3B--', 404],
      [`/api/v1/knowledge/articles/${'K'.repeat(81)}`, 400],
      ['/api/v1/knowledge/articles/KA%00', 400],
      ['/api/v1/knowledge/manuals', 400],
      ['/api/v1/knowledge/manuals?model=', 400],
      [`/api/v1/knowledge/manuals?model=${'M'.repeat(41)}`, 400],
      ['/api/v1/knowledge/manuals?model=%27%20OR%201%3D1--', 200],
      ['/api/v1/knowledge/bulletins', 400],
      ['/api/v1/knowledge/bulletins?campaign=%00', 400],
      ['/api/v1/knowledge/bulletins?campaign=%26%7C!()%3A*', 200],
      ['/api/v1/knowledge/bulletins?campaign=%27', 200],
      ['/api/v1/files/%27%3B--', 404],
      ['/api/v1/files/x%00', 400],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url, sam);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      if (status !== 200) {
        const body = apiErrorSchema.parse(res.json());
        if (message) expect(body.message, url).toBe(message);
      } else if (url.includes('/search')) {
        knowledgeSearchResponseSchema.parse(res.json());
      }
    }
    // The documents are still there after the injection attempts.
    expect(
      knowledgeSearchResponseSchema.parse(await json('/api/v1/knowledge/search?q=pump')).totalCount,
    ).toBeGreaterThan(0);
    // Stop words and punctuation only: an empty answer.
    const stop = knowledgeSearchResponseSchema.parse(
      await json('/api/v1/knowledge/search?q=%27%22%3B--'),
    );
    expect(stop).toMatchObject({ results: [], totalCount: 0, pageCount: 0, fuzzy: false });
  });
});
