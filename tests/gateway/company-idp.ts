import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';

/** The client the gateway is configured with (OIDC_CLIENT_ID), and a second, unrelated one. */
export const COMPANY_CLIENT_ID = 'torque-company-app';
export const OTHER_CLIENT_ID = 'some-other-app';

/** A company directory entry: an opaque `sub` and whatever claims that IdP sends. */
export interface CompanyAccount {
  sub: string;
  claims: Record<string, unknown>;
}

export interface CompanyIdp {
  /** The issuer (= OIDC_AUTHORITY): http://127.0.0.1:<port>. */
  issuer: string;
  host: string;
  /** The IdP's signing key (private JWK with kid and alg), to forge edge-case tokens with jose. */
  signingKey: JWK;
  /** When true, the JWKS endpoint answers 500 (discovery still works). */
  failJwks: boolean;
  /** The real authorization-code + PKCE flow for an account (by sub); returns the ID token. */
  idTokenFor(sub: string, clientId?: string): Promise<string>;
  close(): Promise<void>;
}

/** A minimal cookie jar for fetch responses (names only; paths and expiry ignored). */
class FetchCookies {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * A second, independent oidc-provider playing the company identity provider, on an ephemeral
 * 127.0.0.1 port. In-memory storage; sign-in is "whoever login_hint names" (the interaction
 * is finished programmatically, standing in for the company's own login page).
 */
export async function startCompanyIdp(
  accounts: CompanyAccount[],
  redirectUri: string,
): Promise<CompanyIdp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = {
    ...(await exportJWK(privateKey)),
    kid: `company-${randomBytes(4).toString('hex')}`,
    alg: 'RS256',
    use: 'sig',
  };
  const byId = new Map(accounts.map((a) => [a.sub, a]));
  const client = (client_id: string): ClientMetadata => ({
    client_id,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: [redirectUri],
  });
  const configuration: Configuration = {
    clients: [client(COMPANY_CLIENT_ID), client(OTHER_CLIENT_ID)],
    jwks: { keys: [signingKey as NonNullable<Configuration['jwks']>['keys'][number]] },
    async findAccount(_ctx, sub) {
      const account = byId.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account.claims }) };
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'upn'],
      email: ['email', 'email_verified'],
    },
    // Put the scope claims into the ID token, as company IdPs (Entra ID, Keycloak) do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
  };
  const provider = new Provider(issuer, configuration);
  const state = { failJwks: false };
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const accountId = String(details.params.login_hint);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        {
          mergeWithLastSubmission: false,
        },
      );
      return;
    }
    // consent: grant what the client asked for.
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({
          accountId: details.session!.accountId,
          clientId: String(details.params.client_id),
        });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      {
        mergeWithLastSubmission: true,
      },
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/jwks' && state.failJwks) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('key store down');
      return;
    }
    if (path.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      });
      return;
    }
    callback(req, res);
  });

  async function idTokenFor(sub: string, clientId = COMPANY_CLIENT_ID): Promise<string> {
    const jar = new FetchCookies();
    const verifier = randomBytes(32).toString('base64url');
    const q = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
      login_hint: sub,
    });
    let url = `${issuer}/auth?${q}`;
    // auth -> login interaction -> resume -> consent interaction -> resume -> redirect_uri.
    for (let hop = 0; hop < 10 && !url.startsWith(redirectUri); hop++) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.take(res);
      const location = res.headers.get('location');
      if (!location) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      url = new URL(location, issuer).toString();
    }
    const code = new URL(url).searchParams.get('code');
    if (!code) throw new Error(`no code in ${url}`);
    const token = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: clientId,
        code_verifier: verifier,
      }),
    });
    const body = (await token.json()) as { id_token?: string };
    if (!token.ok || !body.id_token) throw new Error(`token: ${JSON.stringify(body)}`);
    return body.id_token;
  }

  return {
    issuer,
    host: `127.0.0.1:${port}`,
    signingKey,
    get failJwks() {
      return state.failJwks;
    },
    set failJwks(v: boolean) {
      state.failJwks = v;
    },
    idTokenFor,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
