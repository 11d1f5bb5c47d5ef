import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

/** Every setting of the gateway, read from the environment in this one place. */
export interface GatewayConfig {
  port: number;
  host: string;
  /** The origin users reach the gateway at (no trailing slash); the embedded issuer hangs under it. */
  publicUrl: string;
  dataDir: string;
  /** Unset (or empty): an embedded PGlite database in `${dataDir}/pg`. */
  databaseUrl: string | null;
  demoData: 'small' | 'large' | 'none';
  demoPassword: string;
  productName: string;
  version: string;
  /** Null: the remote-config default (DEFAULT_CALL_TSC_NUMBER) or what an admin stored. */
  callTscNumber: string | null;
  /** When set (with oidcClientId): the company identity provider; no embedded IdP is mounted. */
  oidcAuthority: string | null;
  oidcClientId: string | null;
  sessionTtlHours: number;
  staticDir: string;
  /** SERVE_SOURCE_MAPS: serve the build's *.map files; off, they would publish the sources. */
  serveSourceMaps: boolean;
  logLevel: string;
  /** Remote-config links; null means "a page the gateway serves itself" (see routes/links.ts). */
  links: Record<LinkName, string | null>;
  /**
   * The master key service's secret (MASTER_KEY_SECRET). Null: a random secret generated on
   * first use and kept in signing_keys, so every gateway copy derives the same keys.
   */
  masterKeySecret: string | null;
  /** Master key lookups one user may make per hour (MASTER_KEY_LOOKUPS_PER_HOUR). */
  masterKeyLookupsPerHour: number;
  /**
   * Fair use of the expensive endpoints (search, case assist, typeaheads, uploads): requests one
   * user may make to each per window (EXPENSIVE_REQUESTS, EXPENSIVE_WINDOW_SECONDS), and how
   * many of them this process works on at once (EXPENSIVE_CONCURRENCY).
   */
  expensive: { max: number; windowSeconds: number; concurrency: number };
  /**
   * KnowledgeAttachmentBaseURL (KNOWLEDGE_ATTACHMENT_BASE_URL): where attachment urls point.
   * Null: the stored remote-config value (default '' = this gateway).
   */
  knowledgeAttachmentBaseUrl: string | null;
  /**
   * Web Push VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, both or neither). Null: a pair
   * generated on first start and kept in signing_keys, shared by every gateway copy.
   */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** VAPID subject (VAPID_SUBJECT): a mailto: or https: contact for push services. */
  vapidSubject: string;
  /** PUSH_CA_FILE: an extra CA (PEM) trusted for push endpoints, e.g. a local test receiver. */
  pushCaFile: string | null;
  /**
   * PUSH_SERVICE_HOSTS: the push services a device's endpoint may name (comma separated). An
   * entry matches its domain and every subdomain; `*.domain` only the subdomains; `host:port`
   * allows that port instead of 443 (a local test receiver). Default: the browsers' services.
   */
  pushServiceHosts: string[];
  /**
   * PUSH_PERMITTED_ADDRESSES: addresses a push may go to although they are loopback or private
   * (comma separated; default none). Only for a local test receiver.
   */
  pushPermittedAddresses: string[];
  /** Seconds before a failed push is tried again (PUSH_RETRY_DELAY_SECONDS); doubles each time. */
  pushRetryDelaySeconds: number;
  /** Pushes one gateway copy claims from the queue at once (PUSH_BATCH). */
  pushBatch: number;
  /**
   * Seconds after which a push a gateway copy claimed and never settled (the copy died while
   * sending) is counted failed, not sent again (PUSH_CLAIM_LEASE_SECONDS). Well above the
   * push request's own 15 s time-out.
   */
  pushClaimLeaseSeconds: number;
}

/** The external systems a deployment links to; by default each points at /links/<name>. */
export const LINK_NAMES = [
  'privacy-policy',
  'password-reset',
  'password-article',
  'training-certified-service-tech',
  'training-service-courses',
  'training-certification-guide',
  'product-delivery-inspection',
  'crm-front-door',
  'community',
  'quality-report',
  'parts-pdf',
] as const;
export type LinkName = (typeof LINK_NAMES)[number];

/** Env var per link, e.g. LINK_PRIVACY_POLICY. */
export function linkEnvName(name: LinkName): string {
  return `LINK_${name.toUpperCase().replace(/-/g, '_')}`;
}

function str(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  // An empty value means "unset": the e2e harness passes DATABASE_URL='' to force PGlite.
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function list(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const v = str(env, name);
  if (v === undefined) return undefined;
  return v
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter((x) => x !== '');
}

/**
 * The Web Push services of the major browsers: Chrome, Edge and Android (FCM, with its legacy
 * name), Firefox (Mozilla autopush), Windows (WNS) and Safari (Apple).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const v = str(env, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number, got "${v}"`);
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const v = str(env, name)?.toLowerCase();
  if (v === undefined) return fallback;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new Error(`${name} must be true or false, got "${v}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const port = int(env, 'PORT', 8080);
  const demoData = str(env, 'DEMO_DATA') ?? 'small';
  if (demoData !== 'small' && demoData !== 'large' && demoData !== 'none') {
    throw new Error(`DEMO_DATA must be small, large or none, got "${demoData}"`);
  }
  const oidcAuthority = str(env, 'OIDC_AUTHORITY') ?? null;
  const oidcClientId = str(env, 'OIDC_CLIENT_ID') ?? null;
  if ((oidcAuthority === null) !== (oidcClientId === null)) {
    throw new Error('OIDC_AUTHORITY and OIDC_CLIENT_ID must be set together');
  }
  const links = Object.fromEntries(
    LINK_NAMES.map((n) => [n, str(env, linkEnvName(n)) ?? null]),
  ) as Record<LinkName, string | null>;
  const vapidPublic = str(env, 'VAPID_PUBLIC_KEY') ?? null;
  const vapidPrivate = str(env, 'VAPID_PRIVATE_KEY') ?? null;
  if ((vapidPublic === null) !== (vapidPrivate === null)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  return {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    publicUrl: (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: resolve(str(env, 'DATA_DIR') ?? './data'),
    databaseUrl: str(env, 'DATABASE_URL') ?? null,
    demoData,
    demoPassword: str(env, 'DEMO_PASSWORD') ?? 'torque',
    productName: str(env, 'PRODUCT_NAME') ?? 'Torque',
    version: str(env, 'APP_VERSION') ?? '1.0',
    callTscNumber: str(env, 'CALL_TSC_NUMBER') ?? null,
    oidcAuthority,
    oidcClientId,
    sessionTtlHours: int(env, 'SESSION_TTL_HOURS', 12),
    staticDir: resolve(str(env, 'STATIC_DIR') ?? './dist'),
    serveSourceMaps: bool(env, 'SERVE_SOURCE_MAPS', false),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    links,
    masterKeySecret: str(env, 'MASTER_KEY_SECRET') ?? null,
    masterKeyLookupsPerHour: int(env, 'MASTER_KEY_LOOKUPS_PER_HOUR', 20),
    expensive: {
      max: int(env, 'EXPENSIVE_REQUESTS', 30),
      windowSeconds: int(env, 'EXPENSIVE_WINDOW_SECONDS', 10),
      // One core is left for everyone else: an expensive query keeps a core busy (in the
      // database, which shares the machine), and a case list waiting for a core is what a
      // burst made slow.
      concurrency: int(env, 'EXPENSIVE_CONCURRENCY', Math.max(1, availableParallelism() - 1)),
    },
    knowledgeAttachmentBaseUrl: str(env, 'KNOWLEDGE_ATTACHMENT_BASE_URL') ?? null,
    vapidKeys:
      vapidPublic && vapidPrivate ? { publicKey: vapidPublic, privateKey: vapidPrivate } : null,
    vapidSubject: str(env, 'VAPID_SUBJECT') ?? 'mailto:support@torque.example',
    pushCaFile: str(env, 'PUSH_CA_FILE') ?? null,
    pushServiceHosts: list(env, 'PUSH_SERVICE_HOSTS') ?? DEFAULT_PUSH_SERVICE_HOSTS,
    pushPermittedAddresses: list(env, 'PUSH_PERMITTED_ADDRESSES') ?? [],
    pushRetryDelaySeconds: int(env, 'PUSH_RETRY_DELAY_SECONDS', 2),
    pushBatch: int(env, 'PUSH_BATCH', 500),
    pushClaimLeaseSeconds: int(env, 'PUSH_CLAIM_LEASE_SECONDS', 120),
  };
}

/** The embedded provider's issuer; null when an external provider is configured. */
export function embeddedIssuer(config: GatewayConfig): string | null {
  return config.oidcAuthority ? null : `${config.publicUrl}/oidc`;
}

export const EMBEDDED_CLIENT_ID = 'torque-pwa';
export const DEFAULT_CALL_TSC_NUMBER = '+1-800-555-0142';
