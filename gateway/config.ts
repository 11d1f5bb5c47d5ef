import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

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

type Snake<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Snake<B>}` : S;
type LinkEnvName = `LINK_${Uppercase<Snake<LinkName>>}`;

/** Env var per link, e.g. LINK_PRIVACY_POLICY. */
export function linkEnvName(name: LinkName): LinkEnvName {
  return `LINK_${name.toUpperCase().replace(/-/g, '_')}` as LinkEnvName;
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

/**
 * What the README's configuration table says of a variable beside its description: the
 * default in words where the value alone would not say it (computed, generated, unset).
 */
export interface ConfigMeta {
  readmeDefault?: string;
}

const positive = (fallback: number | (() => number)) =>
  z.coerce
    .number({ error: 'must be a positive number' })
    .positive({ error: 'must be a positive number' })
    .default(typeof fallback === 'number' ? () => fallback : fallback);

const text = (fallback: string) => z.string().default(fallback);

const optional = () => z.string().optional();

const flag = (fallback: boolean) =>
  z
    .string()
    .toLowerCase()
    .pipe(z.enum(['true', '1', 'false', '0'], { error: 'must be true or false' }))
    .transform((v) => v === 'true' || v === '1')
    .default(fallback);

const list = (fallback: string[]) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter((x) => x !== ''),
    )
    .default(fallback);

const linkVariables = Object.fromEntries(
  LINK_NAMES.map((name) => [
    linkEnvName(name),
    optional()
      .describe(`where the ${name} link points`)
      .meta({
        readmeDefault:
          name === 'password-article'
            ? '`/knowledge/answer?uniqueID=KA-PASSWORD-RESET`'
            : `\`/links/${name}\`, a page of this gateway`,
      } satisfies ConfigMeta),
  ]),
) as Record<LinkEnvName, z.ZodOptional<z.ZodString>>;

/**
 * Every setting of the gateway: one environment variable each, with its default and what it
 * is for. The README's configuration table is made from this (scripts/write-config-table.ts).
 */
export const environmentSchema = z.object({
  PORT: positive(8080).describe('listen port'),
  HOST: text('0.0.0.0').describe('listen address'),
  PUBLIC_URL: optional()
    .describe(
      "the origin users reach; the embedded provider's issuer is `$PUBLIC_URL/oidc`; https makes cookies `Secure` and trusts `X-Forwarded-*`",
    )
    .meta({ readmeDefault: '`http://localhost:$PORT`' } satisfies ConfigMeta),
  DATA_DIR: text('./data').describe('the embedded database (`$DATA_DIR/pg`)'),
  DATABASE_URL: optional().describe('use this PostgreSQL (15+) instead of the embedded one'),
  DEMO_DATA: z
    .enum(['small', 'large', 'none'], { error: 'must be small, large or none' })
    .default('small')
    .describe(
      '`small`, `large` (benchmarks) or `none`; written only into an empty database (sizes in [docs/gateway.md](docs/gateway.md))',
    ),
  DEMO_PASSWORD: text('torque').describe(
    'password of the five demo accounts (set when first seeded)',
  ),
  PRODUCT_NAME: text('Torque').describe(
    "the product's name: texts, page title, loading shell and web manifest; also the case origin `{name} App` and master-key platform",
  ),
  APP_VERSION: text('1.0').describe('the version Settings shows'),
  CALL_TSC_NUMBER: optional()
    .describe("the top bar's Call TSC number")
    .meta({ readmeDefault: '`+1-800-555-0142`' } satisfies ConfigMeta),
  OIDC_AUTHORITY: optional().describe(
    "set with `OIDC_CLIENT_ID`: sign in with the company's OpenID Connect provider; the embedded one is then not mounted",
  ),
  OIDC_CLIENT_ID: optional().describe(
    "the PWA's client id at the company's provider (set with `OIDC_AUTHORITY`)",
  ),
  SESSION_TTL_HOURS: positive(12).describe('gateway session lifetime, sliding'),
  STATIC_DIR: text('./dist').describe('the PWA build the gateway serves'),
  SERVE_SOURCE_MAPS: flag(false).describe(
    "`true` serves the build's `*.map` files (debugging); otherwise they answer 404, as they would publish the sources",
  ),
  LOG_LEVEL: text('info').describe('log level (`silent` in tests)'),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .optional()
    .describe(
      'the Bearer token that opens `/metrics` (Prometheus) to the operator; unset, `/metrics` answers 404',
    ),
  MASTER_KEY_SECRET: optional()
    .describe(
      "the keyless master password service's secret; generated on first use otherwise, so every gateway copy derives the same keys",
    )
    .meta({ readmeDefault: 'generated, kept in the database' } satisfies ConfigMeta),
  MASTER_KEY_LOOKUPS_PER_HOUR: positive(20).describe(
    'master key lookups one user may make per hour (audited)',
  ),
  EXPENSIVE_REQUESTS: positive(30).describe(
    'requests one user may make to each expensive endpoint (search, case assist, typeaheads, uploads) per window; then 429',
  ),
  EXPENSIVE_WINDOW_SECONDS: positive(10).describe('the window of `EXPENSIVE_REQUESTS`'),
  PREDICTIONS_REFRESH_SECONDS: positive(60).describe(
    'how often the parts-prediction engine checks the claims (their count and newest id); changed claims are learned in its thread while the old engine answers',
  ),
  // One core is left for everyone else: an expensive query keeps a core busy (in the database,
  // which shares the machine), and a case list waiting for a core is what a burst made slow.
  EXPENSIVE_CONCURRENCY: positive(() => Math.max(1, availableParallelism() - 1))
    .describe(
      'expensive requests (uploads included) one gateway process works on at once; the rest wait, taking turns between users',
    )
    .meta({ readmeDefault: 'cores − 1 (at least 1)' } satisfies ConfigMeta),
  EXPENSIVE_PER_USER: positive(6).describe(
    'expensive requests and uploads one user may have in progress at once (working or waiting); then 429',
  ),
  USER_REQUESTS: positive(300).describe(
    'requests one user may make to each other signed-in endpoint per window, on all gateway copies together; then 429',
  ),
  USER_WINDOW_SECONDS: positive(10).describe('the window of `USER_REQUESTS`'),
  KNOWLEDGE_ATTACHMENT_BASE_URL: optional()
    .describe('where knowledge attachment urls point (KnowledgeAttachmentBaseURL)')
    .meta({ readmeDefault: 'empty (this gateway)' } satisfies ConfigMeta),
  VAPID_PUBLIC_KEY: optional()
    .describe('Web Push VAPID public key (set with `VAPID_PRIVATE_KEY`)')
    .meta({ readmeDefault: 'generated, kept in the database' } satisfies ConfigMeta),
  VAPID_PRIVATE_KEY: optional()
    .describe('Web Push VAPID private key (set with `VAPID_PUBLIC_KEY`)')
    .meta({ readmeDefault: 'generated, kept in the database' } satisfies ConfigMeta),
  VAPID_SUBJECT: text('mailto:support@torque.example').describe(
    'the contact push services see in the VAPID token',
  ),
  PUSH_RETRY_DELAY_SECONDS: positive(2).describe(
    'first retry of a failed push; doubles each time, 4 retries',
  ),
  PUSH_BATCH: positive(500).describe('pushes one gateway copy takes from the queue at once'),
  PUSH_CLAIM_LEASE_SECONDS: positive(120).describe(
    "a push a gateway copy claimed and never settled (it died while sending) counts as failed after this; never sent again (well above the push request's own 15 s time-out)",
  ),
  PUSH_CA_FILE: optional().describe(
    "an extra CA (PEM) trusted for push endpoints (tests' local push service)",
  ),
  PUSH_SERVICE_HOSTS: list(DEFAULT_PUSH_SERVICE_HOSTS)
    .describe(
      'hosts (comma-separated) a push endpoint may name, each with its subdomains (`*.x`: only those); port 443 unless `host:port` (tests)',
    )
    .meta({ readmeDefault: "the browsers' push services" } satisfies ConfigMeta),
  PUSH_PERMITTED_ADDRESSES: list([])
    .describe(
      "loopback or private addresses a push may still reach (tests' local push service only)",
    )
    .meta({ readmeDefault: 'none' } satisfies ConfigMeta),
  ...linkVariables,
});

type Environment = z.output<typeof environmentSchema>;

function pairSet(env: Environment, a: keyof Environment, b: keyof Environment): void {
  if ((env[a] === undefined) !== (env[b] === undefined)) {
    throw new Error(`${a} and ${b} must be set together`);
  }
}

function toConfig(env: Environment) {
  pairSet(env, 'OIDC_AUTHORITY', 'OIDC_CLIENT_ID');
  pairSet(env, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY');
  const links = Object.fromEntries(
    LINK_NAMES.map((n) => [n, env[linkEnvName(n)] ?? null]),
  ) as Record<LinkName, string | null>;
  return {
    port: env.PORT,
    host: env.HOST,
    /** The origin users reach the gateway at (no trailing slash); the embedded issuer hangs under it. */
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(env.DATA_DIR),
    /** Null: an embedded PGlite database in `${dataDir}/pg`. */
    databaseUrl: env.DATABASE_URL ?? null,
    demoData: env.DEMO_DATA,
    demoPassword: env.DEMO_PASSWORD,
    productName: env.PRODUCT_NAME,
    version: env.APP_VERSION,
    /** Null: the remote-config default (DEFAULT_CALL_TSC_NUMBER) or what an admin stored. */
    callTscNumber: env.CALL_TSC_NUMBER ?? null,
    /** When set (with oidcClientId): the company identity provider; no embedded IdP is mounted. */
    oidcAuthority: env.OIDC_AUTHORITY ?? null,
    oidcClientId: env.OIDC_CLIENT_ID ?? null,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    staticDir: resolve(env.STATIC_DIR),
    serveSourceMaps: env.SERVE_SOURCE_MAPS,
    logLevel: env.LOG_LEVEL,
    /** Null: /metrics answers 404 to everyone. */
    metricsToken: env.METRICS_TOKEN ?? null,
    /** Null means "a page the gateway serves itself" (see routes/links.ts). */
    links,
    /** Null: a random secret generated on first use and kept in signing_keys. */
    masterKeySecret: env.MASTER_KEY_SECRET ?? null,
    masterKeyLookupsPerHour: env.MASTER_KEY_LOOKUPS_PER_HOUR,
    /** Fair use of the expensive endpoints (search, case assist, typeaheads, uploads). */
    expensive: {
      max: env.EXPENSIVE_REQUESTS,
      windowSeconds: env.EXPENSIVE_WINDOW_SECONDS,
      concurrency: env.EXPENSIVE_CONCURRENCY,
      perUser: env.EXPENSIVE_PER_USER,
    },
    /** The limit of every other signed-in endpoint, per user. */
    userRequests: { max: env.USER_REQUESTS, windowSeconds: env.USER_WINDOW_SECONDS },
    /** Null: the stored remote-config value (default '' = this gateway). */
    knowledgeAttachmentBaseUrl: env.KNOWLEDGE_ATTACHMENT_BASE_URL ?? null,
    /** Null: a pair generated on first start and kept in signing_keys, shared by every copy. */
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: env.VAPID_SUBJECT,
    pushCaFile: env.PUSH_CA_FILE ?? null,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS,
    pushPermittedAddresses: env.PUSH_PERMITTED_ADDRESSES,
    pushRetryDelaySeconds: env.PUSH_RETRY_DELAY_SECONDS,
    pushBatch: env.PUSH_BATCH,
    pushClaimLeaseSeconds: env.PUSH_CLAIM_LEASE_SECONDS,
    predictionsRefreshSeconds: env.PREDICTIONS_REFRESH_SECONDS,
  };
}

/** Every setting of the gateway, read from the environment in this one place. */
export type GatewayConfig = ReturnType<typeof toConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  // An empty value means "unset": the e2e harness passes DATABASE_URL='' to force PGlite.
  const given = Object.fromEntries(
    Object.entries(env)
      .map(([name, value]) => [name, value?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new Error(`${name} ${issue.message}, got "${given[name]}"`);
  }
  return toConfig(parsed.data);
}

/** The embedded provider's issuer; null when an external provider is configured. */
export function embeddedIssuer(config: GatewayConfig): string | null {
  return config.oidcAuthority ? null : `${config.publicUrl}/oidc`;
}

export const EMBEDDED_CLIENT_ID = 'torque-pwa';
export const DEFAULT_CALL_TSC_NUMBER = '+1-800-555-0142';
