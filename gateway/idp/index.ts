import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Kysely } from 'kysely';
import { EMBEDDED_CLIENT_ID, type GatewayConfig } from '../config';
import type { Database } from '../db/schema';
import { embeddedVerifier, type IdTokenVerifier } from '../auth/id-token';
import { loadIdpKeys } from './keys';
import { createProvider } from './provider';
import { idpRoutes } from './routes';

export interface EmbeddedIdp {
  issuer: string;
  provider: Provider;
  verifier: IdTokenVerifier;
  register(app: FastifyInstance): Promise<void>;
}

export async function createEmbeddedIdp(
  config: GatewayConfig,
  db: Kysely<Database>,
  issuer: string,
): Promise<EmbeddedIdp> {
  const keys = await loadIdpKeys(db);
  const provider = createProvider(config, db, keys, issuer);
  return {
    issuer,
    provider,
    verifier: embeddedVerifier(keys.publicJwks, issuer, EMBEDDED_CLIENT_ID),
    register: async (app) => {
      await app.register(idpRoutes, { provider, config, db });
    },
  };
}
