import { sql, type Kysely } from 'kysely';
import type { RemoteConfig } from '../../contract/config';
import { DEFAULT_CALL_TSC_NUMBER, LINK_NAMES, type GatewayConfig, type LinkName } from '../config';
import type { Database } from '../db/schema';
import { readKnowledgeConfig, syncKnowledgeConfig } from './knowledge-config';
import { ensureStockIconMap } from './stock-icon-map';

/** Row keys of remote_config: one per link, plus the Call TSC number. */
const CALL_TSC_KEY = 'call-tsc-number';
/** The knowledge article behind 'Installation Guides' (product §3: data, not code). */
const INSTALLATION_GUIDES_KEY = 'installation-guides-article-id';
export const DEFAULT_INSTALLATION_GUIDES_ARTICLE_ID = 'KA-INSTALL-GUIDES';

/** The demo article on resetting a password (seeded, gateway/seed/knowledge-fixed.ts). */
export const DEFAULT_PASSWORD_ARTICLE_URL = '/knowledge/answer?uniqueID=KA-PASSWORD-RESET';

/**
 * A link nobody configured points at the gateway's own honest page (routes/links.ts); the
 * password article is a knowledge article the gateway itself holds.
 */
export function defaultLink(name: LinkName): string {
  return name === 'password-article' ? DEFAULT_PASSWORD_ARTICLE_URL : `/links/${name}`;
}

/**
 * Writes the stored values: keys given in the environment overwrite (the operator said so),
 * others are inserted once with their defaults and then left to whoever edits the table.
 */
export async function syncRemoteConfig(db: Kysely<Database>, config: GatewayConfig): Promise<void> {
  const rows: { key: string; value: string; explicit: boolean }[] = [
    {
      key: CALL_TSC_KEY,
      value: config.callTscNumber ?? DEFAULT_CALL_TSC_NUMBER,
      explicit: config.callTscNumber !== null,
    },
    {
      key: INSTALLATION_GUIDES_KEY,
      value: DEFAULT_INSTALLATION_GUIDES_ARTICLE_ID,
      explicit: false,
    },
    ...LINK_NAMES.map((n) => ({
      key: n,
      value: config.links[n] ?? defaultLink(n),
      explicit: config.links[n] !== null,
    })),
  ];
  for (const r of rows) {
    await db
      .insertInto('remote_config')
      .values({ key: r.key, value: JSON.stringify(r.value) })
      .onConflict((oc) =>
        r.explicit
          ? oc.column('key').doUpdateSet({ value: JSON.stringify(r.value) })
          : oc.column('key').doNothing(),
      )
      .execute();
  }
  // Installs from before the knowledge article kept the old default: move them to the article.
  if (config.links['password-article'] === null) {
    await db
      .updateTable('remote_config')
      .set({ value: JSON.stringify(DEFAULT_PASSWORD_ARTICLE_URL) })
      .where('key', '=', 'password-article')
      .where(sql<boolean>`value = ${JSON.stringify('/links/password-article')}::jsonb`)
      .execute();
  }
  // StockIconMap (product §3 remote configuration): written once, then the operator's.
  await ensureStockIconMap(db);
  // Knowledge tabs, facets, templates and the attachment base (product §3).
  await syncKnowledgeConfig(db, config.knowledgeAttachmentBaseUrl);
}

export async function readRemoteConfig(
  db: Kysely<Database>,
  config: GatewayConfig,
): Promise<RemoteConfig> {
  const rows = await db.selectFrom('remote_config').select(['key', 'value']).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const text = (key: string, fallback: string): string => {
    const v = stored.get(key);
    return typeof v === 'string' && v !== '' ? v : fallback;
  };
  const link = (n: LinkName) => text(n, config.links[n] ?? defaultLink(n));
  return {
    productName: config.productName,
    version: config.version,
    callTscNumber: text(CALL_TSC_KEY, config.callTscNumber ?? DEFAULT_CALL_TSC_NUMBER),
    privacyPolicyUrl: link('privacy-policy'),
    passwordResetUrl: link('password-reset'),
    passwordArticleUrl: link('password-article'),
    training: {
      certifiedServiceTechCourse: link('training-certified-service-tech'),
      serviceCoursesCatalog: link('training-service-courses'),
      technicianCertificationGuide: link('training-certification-guide'),
    },
    productDeliveryInspectionUrl: link('product-delivery-inspection'),
    crmFrontDoorUrl: link('crm-front-door'),
    communityUrl: link('community'),
    qualityReportUrl: link('quality-report'),
    partsPdfUrl: link('parts-pdf'),
    installationGuidesArticleId: text(
      INSTALLATION_GUIDES_KEY,
      DEFAULT_INSTALLATION_GUIDES_ARTICLE_ID,
    ),
    knowledge: await readKnowledgeConfig(db),
  };
}
