import type { Kysely } from 'kysely';
import {
  knowledgeConfigSchema,
  type KnowledgeConfig,
  type KnowledgeTab,
} from '../../contract/knowledge';
import type { Database } from '../db/schema';
import { FAMILY_LABELS, MODEL_FAMILIES } from '../reference/models';
import { HttpError } from '../http/errors';

/**
 * product §3 Remote configuration, knowledge part: tabs with their facet sets,
 * KnowledgeAttachmentBaseURL, CoveoProductFacetsTranslatedArray and the three templates.
 * Stored in remote_config under this key, written once with the defaults, then the operator's.
 */
export const KNOWLEDGE_CONFIG_KEY = 'knowledge';

export const DEFAULT_KNOWLEDGE_CONFIG: KnowledgeConfig = {
  tabs: [
    {
      id: 'all',
      label: 'All',
      documentTypes: ['Article', 'Manual', 'Campaign Bulletin', 'Service Bulletin'],
      facets: ['commonproduct'],
    },
    {
      id: 'articles',
      label: 'Knowledge Articles',
      documentTypes: ['Article'],
      facets: ['commonproduct'],
    },
    { id: 'manuals', label: 'Manuals', documentTypes: ['Manual'], facets: ['commonproduct'] },
    {
      id: 'bulletins',
      label: 'Bulletins',
      documentTypes: ['Campaign Bulletin', 'Service Bulletin'],
      facets: ['commonproduct'],
    },
  ],
  attachmentBaseUrl: '',
  // The product facet's values are the machines' model families (machines.model_family).
  productFacets: MODEL_FAMILIES.map((f) => ({ value: f, label: FAMILY_LABELS[f] })),
  searchTemplate: { documentTypes: ['Article', 'Manual', 'Campaign Bulletin', 'Service Bulletin'] },
  manualsTemplate: { documentTypes: ['Manual'] },
  campaignsTemplate: { documentTypes: ['Campaign Bulletin', 'Service Bulletin'] },
};

/**
 * Inserts the defaults once. An attachment base URL given in the environment
 * (KNOWLEDGE_ATTACHMENT_BASE_URL) overwrites the stored one, like the links.
 */
export async function syncKnowledgeConfig(
  db: Kysely<Database>,
  attachmentBaseUrl: string | null,
): Promise<void> {
  await db
    .insertInto('remote_config')
    .values({ key: KNOWLEDGE_CONFIG_KEY, value: JSON.stringify(DEFAULT_KNOWLEDGE_CONFIG) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  if (attachmentBaseUrl === null) return;
  const current = await readKnowledgeConfig(db);
  await db
    .updateTable('remote_config')
    .set({ value: JSON.stringify({ ...current, attachmentBaseUrl }) })
    .where('key', '=', KNOWLEDGE_CONFIG_KEY)
    .execute();
}

/** The stored knowledge configuration; the defaults when the row is missing or malformed. */
export async function readKnowledgeConfig(db: Kysely<Database>): Promise<KnowledgeConfig> {
  const row = await db
    .selectFrom('remote_config')
    .select('value')
    .where('key', '=', KNOWLEDGE_CONFIG_KEY)
    .executeTakeFirst();
  // A hand-edited row with a typo must not take the search down: fall back to the defaults.
  const parsed = knowledgeConfigSchema.safeParse(row?.value);
  return parsed.success && parsed.data.tabs.length > 0 ? parsed.data : DEFAULT_KNOWLEDGE_CONFIG;
}

/** The tab of `c`; the first tab when absent. An unknown id is the caller's mistake: 400. */
export function tabOf(config: KnowledgeConfig, c: string | undefined): KnowledgeTab {
  if (c === undefined || c === '') return config.tabs[0]!;
  const tab = config.tabs.find((t) => t.id === c);
  if (!tab) {
    throw new HttpError(
      400,
      `Unknown category "${c}": use one of ${config.tabs.map((t) => t.id).join(', ')}`,
    );
  }
  return tab;
}

/** Where attachment urls point: the configured base (no trailing slash) + the gateway path. */
export function attachmentUrl(config: KnowledgeConfig, fileId: string): string {
  return `${config.attachmentBaseUrl.replace(/\/+$/, '')}/api/v1/files/${encodeURIComponent(fileId)}`;
}
