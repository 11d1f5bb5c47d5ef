import { z } from 'zod/mini';

/*
 * product §2 Knowledge search, Article view, Machine detail Bulletins and Manuals tabs; §3 Search
 * result, Manual sections, Remote configuration; §5; §8; §9. The gateway is the search
 * provider: its session replaces the provider's search tokens (docs/gateway.md).
 */

/** product §9. */
export const KNOWLEDGE_PAGE_SIZE = 10;
export const KNOWLEDGE_MAX_PAGES = 100;
export const RECENT_SEARCHES_MAX = 10;
/** Longer terms are refused with 400: nobody types 200 characters into a search box. */
export const KNOWLEDGE_TERM_MAX = 200;

/** product §8 empty states. */
export const NO_SEARCH_HISTORY = 'No Search History';
export const NO_SEARCH_RESULTS = 'No Search Results to Display';
export const NO_MANUALS_FOUND = 'No manuals found';
export const NO_ARTICLES_FOUND = 'No Knowledge Articles found';
export const KNOWLEDGE_TERM_REQUIRED_MESSAGE = 'Please enter a search term.';

// The remote configuration's part stands apart, on zod/mini: the first screen reads it.
import { documentTypeSchema } from './knowledge-config';

export { documentTypeSchema, type DocumentType } from './knowledge-config';

/** product §3 Manual sections, in display order. */
export const manualSectionSchema = z.enum([
  'Workshop Manuals',
  "Operator's / Owner's Manual",
  'Assembly Instructions',
  'Other',
]);
export type ManualSection = z.infer<typeof manualSectionSchema>;
export const MANUAL_SECTIONS = manualSectionSchema.options;

/** A stored file of a document (PDF, image). `url` is the gateway path that streams it. */
export const attachmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Lower-case extension: pdf, png, jpg. */
  fileType: z.string(),
  contentType: z.string(),
  size: z.int().check(z.nonnegative()),
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * product §3 Search result. The excerpt is plain text; `highlights` are [start, end) character
 * ranges of it that matched, so the screen marks them without rendering any HTML.
 */
export const searchResultSchema = z.object({
  uniqueId: z.string(),
  title: z.string(),
  excerpt: z.string(),
  highlights: z.array(z.tuple([z.int(), z.int()])),
  /** The PWA route of the article view. */
  clickUri: z.string(),
  /** The first attachment, where the document has one (product.md's parentResult). */
  parentResult: z.nullable(attachmentSchema),
  raw: z.object({
    documenttype: documentTypeSchema,
    filetype: z.string(),
    categorylevel1: z.string(),
    categorylevel2: z.string(),
    categorylevel3: z.string(),
    categorylevel4: z.string(),
    /** Model family (the product facet); null for documents of every product. */
    commonproduct: z.nullable(z.string()),
    /** Manuals only. */
    manualsection: z.nullable(manualSectionSchema),
    /** Campaign bulletins only: the campaign they belong to. */
    campaignname: z.nullable(z.string()),
  }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const facetValueSchema = z.object({ value: z.string(), count: z.int() });
export const facetSchema = z.object({
  field: z.string(),
  values: z.array(facetValueSchema),
});
export type Facet = z.infer<typeof facetSchema>;

const pageParam = z._default(
  z.coerce
    .number({ error: 'page must be a number' })
    .check(
      z.int('page must be a whole number'),
      z.gte(1, 'page starts at 1'),
      z.lte(KNOWLEDGE_MAX_PAGES, `page is at most ${KNOWLEDGE_MAX_PAGES}`),
    ),
  1,
);

/** GET /api/v1/knowledge/search */
export const knowledgeSearchQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, KNOWLEDGE_TERM_REQUIRED_MESSAGE),
      z.maxLength(
        KNOWLEDGE_TERM_MAX,
        `The search term is at most ${KNOWLEDGE_TERM_MAX} characters.`,
      ),
    ),
  /** A tab id of the remote configuration; absent = the first tab. */
  c: z.optional(z.string().check(z.maxLength(60))),
  page: pageParam,
  /** Product facet (model family). */
  product: z.optional(z.string().check(z.maxLength(60))),
});
export type KnowledgeSearchQuery = z.infer<typeof knowledgeSearchQuerySchema>;

export const knowledgeSearchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  totalCount: z.int(),
  page: z.int(),
  /** min(ceil(totalCount / 10), 100). */
  pageCount: z.int(),
  facets: z.array(facetSchema),
  /** True when no ranked match was found and the misspelling fallback answered. */
  fuzzy: z.boolean(),
});
export type KnowledgeSearchResponse = z.infer<typeof knowledgeSearchResponseSchema>;

/** GET /api/v1/knowledge/articles/:uniqueId: the sanitised HTML of one document. */
export const articleSchema = z.object({
  uniqueId: z.string(),
  title: z.string(),
  /** Sanitised on the gateway: no scripts, no event handlers, no javascript: URLs. */
  html: z.string(),
  /** Plain text of the body (for the offline index and the PDF). */
  text: z.string(),
  documentType: documentTypeSchema,
  categorylevel4: z.string(),
  commonproduct: z.nullable(z.string()),
  attachments: z.array(attachmentSchema),
  /** ISO timestamp. */
  updatedAt: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

/** GET /api/v1/knowledge/manuals?model= : the model's manuals by section. */
export const manualsQuerySchema = z.object({
  model: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
});
export const manualsResponseSchema = z.object({
  sections: z.array(
    z.object({ section: manualSectionSchema, results: z.array(searchResultSchema) }),
  ),
});
export type ManualsResponse = z.infer<typeof manualsResponseSchema>;

/** GET /api/v1/knowledge/bulletins?campaign= : the documents related to one campaign. */
export const bulletinsQuerySchema = z.object({
  campaign: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  /** The machine the campaign is shown for: related bulletins about its model, then family, first. */
  model: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  family: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
});
export const bulletinsResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type BulletinsResponse = z.infer<typeof bulletinsResponseSchema>;

export {
  knowledgeConfigSchema,
  knowledgeTabSchema,
  type KnowledgeConfig,
  type KnowledgeTab,
} from './knowledge-config';
