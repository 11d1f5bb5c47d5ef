import type { Kysely, Transaction } from 'kysely';
import type { IdTokenVerifier } from './auth/id-token';
import type { Guards } from './auth/guards';
import type { GatewayConfig } from './config';
import type { Database } from './db/schema';
import type { EmbeddedIdp } from './idp/index';

/** The push fan-out's queue (gateway/routes/push-fanout.ts), for the routes that push. */
export interface PushQueue {
  /** Queues one push per delivery row, inside the caller's transaction. */
  enqueue(trx: Transaction<Database>, deliveryIds: string[]): Promise<void>;
  /** Something was queued: send now instead of at the next poll. */
  kick(): void;
}

/** What every route plugin is given: settings, database, guards and the sign-in set-up. */
export interface AppContext {
  config: GatewayConfig;
  db: Kysely<Database>;
  guards: Guards;
  /** Null when an external identity provider is configured. */
  idp: EmbeddedIdp | null;
  verifier: IdTokenVerifier;
  pushes: PushQueue;
}
