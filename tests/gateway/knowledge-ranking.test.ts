import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  knowledgeSearchResponseSchema,
  type KnowledgeSearchResponse,
} from '../../contract/knowledge';
import * as m0007 from '../../gateway/db/migrations/0007-knowledge-search';
import { lanes, openGateway, type TestGateway } from './harness';
import { insertDocs } from './knowledge-support';
import { signIn } from './oidc-flow';

// The ranking rule of services/knowledge-rank.ts and the narrow knowledge_search table (0007)
// that its trigger keeps in step with knowledge_documents.
describe.each(lanes)('knowledge ranking and the search table on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  const repeat = (word: string, n: number) => Array.from({ length: n }, () => word).join(' ');
  beforeAll(async () => {
    gw = await openGateway(lane);
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
    // "flurbex" only in these documents; "machines" is in thousands of generated bodies but
    // in no title, and these two say it 30 times (far above any generated article).
    await insertDocs(gw.started.db.kysely, [
      { id: 'KA-R-TITLE', title: 'Flurbex guide', body_html: '<p>Read this first.</p>' },
      { id: 'KA-R-BODY', title: 'Coupler notes', body_html: `<p>${repeat('flurbex', 20)}</p>` },
      {
        id: 'KA-R-NEW',
        title: 'Fresh note',
        body_html: `<p>${repeat('machines', 30)} flurbex</p>`,
      },
      {
        id: 'KA-R-OLD',
        title: 'Archive note',
        body_html: `<p>${repeat('machines', 30)} flurbex</p>`,
      },
    ]);
    // Through the trigger's UPDATE path: older than every generated document.
    await sql`UPDATE knowledge_documents SET updated_at = '2001-01-01T12:00:00Z' WHERE id = 'KA-R-OLD'`.execute(
      gw.started.db.kysely,
    );
  });
  afterAll(async () => {
    await gw?.close();
  });
  const search = async (query: string): Promise<KnowledgeSearchResponse> => {
    const res = await gw.app.inject({
      url: `/api/v1/knowledge/search?${query}`,
      headers: { cookie: dana },
    });
    expect(res.statusCode, res.body).toBe(200);
    return knowledgeSearchResponseSchema.parse(res.json());
  };

  it('puts title matches first, even above a body that repeats the word', async () => {
    const r = await search('q=flurbex&c=articles');
    // ts_rank_cd alone would put KA-R-BODY (20 body hits at weight B) above the title match.
    expect(r.results.map((x) => x.uniqueId)).toEqual([
      'KA-R-TITLE',
      'KA-R-BODY',
      'KA-R-NEW',
      'KA-R-OLD',
    ]);
    expect(r).toMatchObject({ totalCount: 4, pageCount: 1 });
    // An excluded word in the body: the title match is no hit at all, in results or count.
    const not = await search('q=flurbex%20-read&c=articles');
    expect(not.results.map((x) => x.uniqueId)).toEqual(['KA-R-BODY', 'KA-R-NEW', 'KA-R-OLD']);
    expect(not.totalCount).toBe(3);
  });

  it('ranks only the newest 1,000 body matches of a broad query, and still counts every hit', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM knowledge_documents
      WHERE document_type = 'Article' AND search @@ websearch_to_tsquery('english', 'machines')`.execute(
      gw.started.db.kysely,
    );
    expect(rows[0]!.n).toBeGreaterThan(1000);
    const p1 = await search('q=machines&c=articles');
    expect(p1.totalCount).toBe(rows[0]!.n);
    expect(p1.pageCount).toBe(100);
    // Both say "machines" 30 times; only the recent one is among the ranked candidates.
    expect(p1.results[0]!.uniqueId).toBe('KA-R-NEW');
    expect(p1.results.map((x) => x.uniqueId)).not.toContain('KA-R-OLD');
    expect((await search('q=machines&c=articles&page=100')).results).toHaveLength(10);
  });

  it('keeps the search table in step with inserts, updates and deletes', async () => {
    const db = gw.started.db.kysely;
    await sql`UPDATE knowledge_documents SET title = 'Zanquil coupler notes' WHERE id = 'KA-R-BODY'`.execute(
      db,
    );
    expect((await search('q=zanquil')).results.map((x) => x.uniqueId)).toEqual(['KA-R-BODY']);
    await sql`DELETE FROM knowledge_documents WHERE id = 'KA-R-BODY'`.execute(db);
    expect((await search('q=zanquil')).totalCount).toBe(0);
    expect((await search('q=flurbex')).totalCount).toBe(3);
    const { rows } = await sql<{ docs: number; rows: number }>`
      SELECT (SELECT count(*)::int FROM knowledge_documents) AS docs,
        (SELECT count(*)::int FROM knowledge_search) AS rows`.execute(db);
    expect(rows[0]!.rows).toBe(rows[0]!.docs);
  });

  it('backfills the search table from the documents an install already holds (0007 up)', async () => {
    const db = gw.started.db.kysely;
    await m0007.down(db);
    await m0007.up(db);
    const { rows } = await sql<{ docs: number; rows: number }>`
      SELECT (SELECT count(*)::int FROM knowledge_documents) AS docs,
        (SELECT count(*)::int FROM knowledge_search) AS rows`.execute(db);
    expect(rows[0]!.rows).toBe(rows[0]!.docs);
    expect((await search('q=flurbex&c=articles')).results.map((x) => x.uniqueId)).toEqual([
      'KA-R-TITLE',
      'KA-R-NEW',
      'KA-R-OLD',
    ]);
  });
});
