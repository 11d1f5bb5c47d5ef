import { z } from 'zod/mini';

/*
 * The knowledge part of the remote configuration (product §3). On zod/mini, like the other
 * schemas the sign-in screen reads (user, auth, config): classic zod weighs about 25 KB
 * gzipped in the first screen's JavaScript, its tree-shakable form a fraction of that.
 */

/** Document types of the index; each category tab of the remote configuration selects some. */
export const documentTypeSchema = z.enum([
  'Article',
  'Manual',
  'Campaign Bulletin',
  'Service Bulletin',
]);
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** Remote configuration's knowledge part (product §3): tabs and their facet sets, templates. */
export const knowledgeTabSchema = z.object({
  id: z.string(),
  label: z.string(),
  documentTypes: z.array(documentTypeSchema),
  /** Facet fields the tab shows (e.g. commonproduct). */
  facets: z.array(z.string()),
});
export type KnowledgeTab = z.infer<typeof knowledgeTabSchema>;

export const knowledgeConfigSchema = z.object({
  tabs: z.array(knowledgeTabSchema),
  /** KnowledgeAttachmentBaseURL: where attachment urls point (the gateway by default). */
  attachmentBaseUrl: z.string(),
  /** CoveoProductFacetsTranslatedArray: model family code to the label shown. */
  productFacets: z.array(z.object({ value: z.string(), label: z.string() })),
  /** template_search, machine_manuals_template, machine_campaigns_template. */
  searchTemplate: z.object({ documentTypes: z.array(documentTypeSchema) }),
  manualsTemplate: z.object({ documentTypes: z.array(documentTypeSchema) }),
  campaignsTemplate: z.object({ documentTypes: z.array(documentTypeSchema) }),
});
export type KnowledgeConfig = z.infer<typeof knowledgeConfigSchema>;
