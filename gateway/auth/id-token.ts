import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWK,
} from 'jose';

export interface IdTokenVerifier {
  /**
   * Throws IdTokenRefused for anything that is not a valid ID token for this gateway, and
   * IdpUnavailable when the provider's discovery document or keys cannot be had.
   */
  verify(idToken: string): Promise<JWTPayload>;
  /** A company IdP's end_session_endpoint (from its discovery document), if it has one. */
  endSessionEndpoint?(): Promise<string | null>;
}

export class IdTokenRefused extends Error {
  constructor(readonly reason: string) {
    super(`ID token refused: ${reason}`);
  }
}

/** The identity provider (discovery or key set) cannot be reached or answers nonsense. */
export class IdpUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
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
  let payload: JWTPayload;
  try {
    // jwtVerify checks signature, iss, aud, exp and nbf.
    ({ payload } = await jwtVerify(idToken, key as never, {
      issuer,
      audience,
      algorithms: ALGORITHMS,
      clockTolerance: 30,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (err) {
    if (err instanceof IdpUnavailable) throw err;
    throw new IdTokenRefused(reasonOf(err));
  }
  // OIDC Core 3.1.3.7: with several audiences azp must be present; if present, it is us.
  const several = Array.isArray(payload.aud) && payload.aud.length > 1;
  if (several && payload.azp === undefined) throw new IdTokenRefused('claim azp missing');
  if (payload.azp !== undefined && payload.azp !== audience) {
    throw new IdTokenRefused('claim azp invalid');
  }
  return payload;
}

/** Key-set errors that say something about the token (its kid or alg), not about the IdP. */
function isTokenFault(err: unknown): boolean {
  return (
    err instanceof joseErrors.JWKSNoMatchingKey ||
    err instanceof joseErrors.JWKSMultipleMatchingKeys ||
    err instanceof joseErrors.JOSEAlgNotAllowed ||
    err instanceof joseErrors.JOSENotSupported ||
    err instanceof joseErrors.JWSInvalid
  );
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

const trimSlash = (u: string) => u.replace(/\/+$/, '');

interface Discovery {
  issuer: string;
  jwks: JWTVerifyGetKey;
  endSessionEndpoint: string | null;
}

/**
 * A company IdP: its discovery document gives the issuer and jwks_uri (fetched once, then
 * cached; jose caches the key set and refetches it on unknown kids). A discovery or key-set
 * fetch that fails is IdpUnavailable (the route answers 503), never a refused token.
 */
export function remoteVerifier(authority: string, clientId: string): IdTokenVerifier {
  let discovered: Promise<Discovery> | null = null;
  const discover = () =>
    (discovered ??= (async (): Promise<Discovery> => {
      const url = `${trimSlash(authority)}/.well-known/openid-configuration`;
      let doc: { issuer?: unknown; jwks_uri?: unknown; end_session_endpoint?: unknown };
      try {
        const res = await fetch(url, {
          signal: AbortSignal.timeout(5_000),
          headers: { accept: 'application/json' },
        });
        if (!res.ok) throw new Error(`answered HTTP ${res.status}`);
        doc = (await res.json()) as typeof doc;
      } catch (err) {
        throw new IdpUnavailable(`OIDC discovery ${url} failed: ${String(err)}`, { cause: err });
      }
      if (typeof doc.issuer !== 'string' || typeof doc.jwks_uri !== 'string') {
        throw new IdpUnavailable(`OIDC discovery ${url} has no issuer or jwks_uri`);
      }
      // OIDC Discovery 4.3: the issuer must be the URL the document was fetched for.
      if (trimSlash(doc.issuer) !== trimSlash(authority)) {
        throw new IdpUnavailable(
          `OIDC discovery ${url} names issuer ${doc.issuer}; set OIDC_AUTHORITY to exactly that`,
        );
      }
      const remote = createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 5_000 });
      const jwksUri = doc.jwks_uri;
      const jwks: JWTVerifyGetKey = async (header, token) => {
        try {
          return await remote(header, token);
        } catch (err) {
          if (isTokenFault(err)) throw err;
          throw new IdpUnavailable(`OIDC key set ${jwksUri} failed: ${String(err)}`, {
            cause: err,
          });
        }
      };
      const endSession = doc.end_session_endpoint;
      return {
        issuer: doc.issuer,
        jwks,
        endSessionEndpoint: typeof endSession === 'string' ? endSession : null,
      };
    })().catch((err: unknown) => {
      discovered = null; // retry on the next sign-in
      throw err;
    }));
  return {
    async verify(t) {
      const { issuer, jwks } = await discover();
      return verifyWith(t, jwks, issuer, clientId);
    },
    async endSessionEndpoint() {
      return (await discover()).endSessionEndpoint;
    },
  };
}
