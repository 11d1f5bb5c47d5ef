import type { Kysely } from 'kysely';
import type { IdTokenVerifier } from './auth/id-token';
import type { Guards } from './auth/guards';
import type { GatewayConfig } from './config';
import type { Database } from './db/schema';
import type { EmbeddedIdp } from './idp/index';

/** What every route plugin is given: settings, database, guards and the sign-in set-up. */
export interface AppContext {
  config: GatewayConfig;
  db: Kysely<Database>;
  guards: Guards;
  /** Null when an external identity provider is configured. */
  idp: EmbeddedIdp | null;
  verifier: IdTokenVerifier;
}
