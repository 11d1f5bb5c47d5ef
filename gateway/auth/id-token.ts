import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWK,
} from 'jose';

export interface IdTokenVerifier {
  /** Throws IdTokenRefused for anything that is not a valid ID token for this gateway. */
  verify(idToken: string): Promise<JWTPayload>;
}

export class IdTokenRefused extends Error {
  constructor(readonly reason: string) {
    super(`ID token refused: ${reason}`);
  }
}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

function reasonOf(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `claim ${err.claim} invalid`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'bad signature';
  if (err instanceof joseErrors.JWKSNoMatchingKey) return 'unknown signing key';
  if (err instanceof joseErrors.JOSEError) return err.code;
  return 'malformed';
}

async function verifyWith(
  idToken: string,
  key: Parameters<typeof jwtVerify>[1],
  issuer: string,
  audience: string,
): Promise<JWTPayload> {
  try {
    // jwtVerify checks signature, iss, aud, exp and nbf.
    const { payload } = await jwtVerify(idToken, key as never, {
      issuer,
      audience,
      algorithms: ALGORITHMS,
      clockTolerance: 30,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  } catch (err) {
    throw new IdTokenRefused(reasonOf(err));
  }
}

/** The embedded IdP: its public keys are in the database, so no HTTP round trip is needed. */
export function embeddedVerifier(
  publicJwks: JWK[],
  issuer: string,
  clientId: string,
): IdTokenVerifier {
  const jwks = createLocalJWKSet({ keys: publicJwks });
  return { verify: (t) => verifyWith(t, jwks, issuer, clientId) };
}

/**
 * A company IdP: its discovery document gives the issuer and jwks_uri (fetched once, then
 * cached; jose caches and refreshes the key set on unknown kids).
 */
export function remoteVerifier(authority: string, clientId: string): IdTokenVerifier {
  let discovered: Promise<{ issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> }> | null =
    null;
  const discover = () =>
    (discovered ??= (async () => {
      const url = `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`discovery ${url} answered ${res.status}`);
      const doc = (await res.json()) as { issuer: string; jwks_uri: string };
      return { issuer: doc.issuer, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })().catch((err: unknown) => {
      discovered = null; // retry on the next sign-in
      throw err;
    }));
  return {
    async verify(t) {
      const { issuer, jwks } = await discover();
      return verifyWith(t, jwks, issuer, clientId);
    },
  };
}
