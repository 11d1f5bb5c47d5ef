import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface IdpKeys {
  /** Private signing keys (RS256) for oidc-provider's `jwks`. */
  privateJwks: JWK[];
  /** Their public halves: the gateway verifies ID tokens of its own IdP without an HTTP round trip. */
  publicJwks: JWK[];
  /** Secrets oidc-provider signs its cookies with. */
  cookieKeys: string[];
}

/**
 * Loads the IdP's keys, generating them on first start. They live in the database so a
 * restart (or a second gateway copy) keeps signing and verifying with the same keys.
 */
export async function loadIdpKeys(db: Kysely<Database>): Promise<IdpKeys> {
  let rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at').execute();
  if (!rows.some((r) => r.kind === 'jwk')) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    jwk.kid = await calculateJwkThumbprint(jwk);
    jwk.alg = 'RS256';
    jwk.use = 'sig';
    await db
      .insertInto('signing_keys')
      .values({ kind: 'jwk', id: jwk.kid, value: JSON.stringify(jwk) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  if (!rows.some((r) => r.kind === 'cookie')) {
    const secret = randomBytes(32).toString('base64url');
    await db
      .insertInto('signing_keys')
      .values({ kind: 'cookie', id: secret.slice(0, 8), value: JSON.stringify({ secret }) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // Read back: if two copies raced on first start, both now use whatever was stored.
  rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at').execute();
  const privateJwks = rows.filter((r) => r.kind === 'jwk').map((r) => r.value as JWK);
  const publicJwks = privateJwks.map(({ kty, n, e, kid, alg, use }) => ({
    kty,
    n,
    e,
    kid,
    alg,
    use,
  }));
  const cookieKeys = rows
    .filter((r) => r.kind === 'cookie')
    .map((r) => String((r.value as { secret: string }).secret));
  return { privateJwks, publicJwks, cookieKeys };
}
