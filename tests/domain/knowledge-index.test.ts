import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../contract/knowledge';
import {
  buildKnowledgeIndex,
  indexDocsOf,
  type IndexSource,
} from '../../src/workers/knowledge-index';

const article = (uniqueId: string, title: string, text: string, category = 'Service') => ({
  uniqueId,
  article: { title, text, categorylevel4: category, documentType: 'Article' as const },
});

const result = (uniqueId: string, title: string, excerpt: string): SearchResult => ({
  uniqueId,
  title,
  excerpt,
  highlights: [],
  clickUri: `/knowledge/answer?uniqueID=${uniqueId}&title=${encodeURIComponent(title)}`,
  parentResult: null,
  raw: {
    documenttype: 'Article',
    filetype: 'html',
    categorylevel1: '',
    categorylevel2: '',
    categorylevel3: '',
    categorylevel4: 'Bulletins',
    commonproduct: null,
    manualsection: null,
    campaignname: null,
  },
});

const source: IndexSource = {
  articles: [
    article('KA-BODY', 'Cab air filter', 'Check the hydraulic hoses while the cab filter is out.'),
    article('KA-TITLE', 'Hydraulic pump priming', 'Prime the pump before first start.'),
    article('KA-OTHER', 'Password reset', 'How to reset your password.'),
  ],
  results: [
    {
      results: [
        result('KA-TITLE', 'Hydraulic pump priming (old title)', 'excerpt only'),
        result('SB-1', 'Loader valve bulletin', 'Replace the loader valve seal.'),
      ],
    },
  ],
};

describe('offline knowledge index', () => {
  const index = buildKnowledgeIndex(indexDocsOf(source));

  it('has one document per uniqueId; a kept article wins over a seen result', () => {
    const docs = indexDocsOf(source);
    expect(docs.map((d) => d.uniqueId).sort()).toEqual(['KA-BODY', 'KA-OTHER', 'KA-TITLE', 'SB-1']);
    const kaTitle = docs.find((d) => d.uniqueId === 'KA-TITLE')!;
    expect(kaTitle.kept).toBe(true);
    expect(kaTitle.title).toBe('Hydraulic pump priming');
    expect(index.keptCount).toBe(3);
    expect(index.size).toBe(4);
  });

  it('ranks a title match above a body match', () => {
    const ids = index.search('hydraulic').hits.map((h) => h.uniqueId);
    expect(ids).toEqual(['KA-TITLE', 'KA-BODY']);
  });

  it('finds "hydrolic" (a misspelling) fuzzily', () => {
    expect(index.search('hydrolic').hits.map((h) => h.uniqueId)).toContain('KA-TITLE');
  });

  it('finds "hydr" as a prefix', () => {
    expect(index.search('hydr').hits.map((h) => h.uniqueId)).toEqual(['KA-TITLE', 'KA-BODY']);
  });

  it('searches result rows by their excerpt, and gives their clickUri', () => {
    const [hit] = index.search('seal').hits;
    expect(hit?.uniqueId).toBe('SB-1');
    expect(hit?.kept).toBe(false);
    expect(hit?.clickUri).toContain('uniqueID=SB-1');
  });

  it('builds article links for kept articles', () => {
    expect(index.search('password').hits[0]?.clickUri).toBe(
      '/knowledge/answer?uniqueID=KA-OTHER&title=Password+reset',
    );
  });

  it('finds nothing for an unrelated or empty term', () => {
    expect(index.search('zzzzqqq')).toMatchObject({ total: 0, hits: [] });
    expect(index.search('  ')).toMatchObject({ total: 0, hits: [] });
  });

  it('pages: the total counts every match, the hits start at the offset', () => {
    const all = index.search('hydraulic');
    expect(all.total).toBe(2);
    const second = index.search('hydraulic', 1, 1);
    expect(second.total).toBe(2);
    expect(second.hits.map((h) => h.uniqueId)).toEqual(['KA-BODY']);
  });
});

describe('offline knowledge index: a tab and pages', () => {
  const index = buildKnowledgeIndex(indexDocsOf(source));

  it("keeps to the tab's document types and counts what it searched", () => {
    const bulletins = index.search('loader', 0, 10, ['Service Bulletin']);
    expect(bulletins).toMatchObject({ total: 0, searched: 0 });
    const articles = index.search('hydraulic', 0, 10, ['Article']);
    expect(articles.searched).toBe(4);
  });

  it('answers a page past the end with the last page', () => {
    const answer = index.search('hydraulic', 20, 1);
    expect(answer.total).toBe(2);
    expect(answer.offset).toBe(1);
    expect(answer.hits).toHaveLength(1);
  });
});
