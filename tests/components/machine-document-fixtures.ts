import type { ManualSection, SearchResult } from '../../contract/knowledge';
import type { Campaign } from '../../contract/machines';

/** A search result as contract/knowledge.ts shapes it, with a PDF attachment by default. */
export function searchResult(id: string, over: Partial<SearchResult> = {}): SearchResult {
  const title = over.title ?? `Document ${id}`;
  return {
    uniqueId: id,
    title,
    excerpt: `Excerpt of ${title}.`,
    highlights: [],
    clickUri: `/knowledge/answer?uniqueID=${id}&title=${encodeURIComponent(title)}`,
    parentResult: {
      id: `F-${id}`,
      title: `${title}.pdf`,
      fileType: 'pdf',
      contentType: 'application/pdf',
      size: 1_258_291,
      url: `/api/v1/files/F-${id}`,
    },
    raw: {
      documenttype: 'Manual',
      filetype: 'pdf',
      categorylevel1: 'Service',
      categorylevel2: 'Tractors',
      categorylevel3: 'M7',
      categorylevel4: 'Manuals',
      commonproduct: 'Tractor',
      manualsection: null,
      campaignname: null,
    },
    ...over,
  };
}

export function manual(id: string, section: ManualSection, title: string): SearchResult {
  const r = searchResult(id, { title });
  return { ...r, raw: { ...r.raw, manualsection: section } };
}

export function bulletin(id: string, campaign: string, title: string): SearchResult {
  const r = searchResult(id, { title });
  return { ...r, raw: { ...r.raw, documenttype: 'Campaign Bulletin', campaignname: campaign } };
}

export const campaigns: Campaign[] = [
  {
    campaignName: 'FPC-2025-014 Hydraulic hose',
    campaignType: 'Field Product Campaign',
    campaignEndDate: '2027-03-31',
    isMandatory: true,
  },
  {
    campaignName: 'SB-2024-221 Cab filter',
    campaignType: 'Service Bulletin',
    campaignEndDate: null,
    isMandatory: false,
  },
];
