import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Kysely } from 'kysely';
import { EMBEDDED_CLIENT_ID, type GatewayConfig } from '../config';
import type { Database } from '../db/schema';
import { html, page } from '../html/page';
import { findUserById } from '../services/users';
import { DbAdapter } from './adapter';
import type { IdpKeys } from './keys';
import { unavailableAnswer } from './unavailable-page';

/** Where oidc-provider sends the browser for sign-in; served by idp/routes.ts. */
export const interactionPath = (uid: string) => `/oidc/interaction/${uid}`;

/** The PWA's origins: PUBLIC_URL, plus 127.0.0.1 on the same port for local runs. */
export function pwaOrigins(config: GatewayConfig): string[] {
  const origins = [config.publicUrl];
  const loopback = `http://127.0.0.1:${config.port}`;
  if (!origins.includes(loopback)) origins.push(loopback);
  return origins;
}

const DAY = 86_400;

/**
 * The embedded OpenID Connect provider (default set-up only): users from the database, one
 * public PKCE client for the PWA, persistent keys and storage, Torque-styled pages.
 */
export function createProvider(
  config: GatewayConfig,
  db: Kysely<Database>,
  keys: IdpKeys,
  issuer: string,
): Provider {
  const origins = pwaOrigins(config);
  const product = config.productName;
  const configuration: Configuration = {
    adapter: (name: string) => new DbAdapter(name, db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_name: product,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((o) => `${o}/login`),
        post_logout_redirect_uris: origins.map((o) => `${o}/logout`),
      },
    ],
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            name: user.contactName ?? `${user.firstName} ${user.lastName}`,
            given_name: user.firstName,
            family_name: user.lastName,
            preferred_username: user.username,
            email: user.contactEmail ?? user.username,
            email_verified: true,
          };
        },
      };
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // The PWA reads name and email from the ID token.
    conformIdTokenClaims: false,
    cookies: { keys: keys.cookieKeys },
    jwks: { keys: keys.privateJwks as NonNullable<Configuration['jwks']>['keys'] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = 'html';
          ctx.body = page(
            'Sign out',
            product,
            html`<h1>Sign out of ${product}?</h1>
              ${{ __html: form }}
              <button type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
              <button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button>`,
          );
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.body = page(
            'Signed out',
            product,
            html`<h1>You are signed out.</h1>
              <a class="button" href="/login">Sign in again</a>`,
          );
        },
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Scopes: the PWA asks for openid profile email; offline_access would need a consent prompt,
    // so refresh tokens are issued to the client whenever it may use the grant.
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    // First-party app: grant what it asks for without a consent page.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId ??
        (oidc.client && oidc.session?.grantIdFor(oidc.client.clientId));
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid profile email offline_access');
      await grant.save();
      return grant;
    },
    clientBasedCORS(_ctx, origin, client) {
      return client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false;
    },
    async renderError(ctx, out, error) {
      ctx.type = 'html';
      const unavailable = unavailableAnswer(error, product);
      if (unavailable) {
        ctx.status = unavailable.status;
        ctx.set(unavailable.headers);
        ctx.body = unavailable.body;
        return;
      }
      ctx.body = page(
        'Sign-in problem',
        product,
        html`<h1>Sign-in could not continue</h1>
          <p class="error" role="alert">${out.error_description ?? out.error}</p>
          <a class="button" href="/login">Back to sign-in</a>`,
      );
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
  };
  const provider = new Provider(issuer, configuration);
  // The JSON endpoints (token, userinfo) answer a database away with 503 too, not 500.
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    const unavailable = unavailableAnswer(error, product);
    if (!unavailable) return;
    ctx.status = unavailable.status;
    ctx.set(unavailable.headers);
  });
  // Behind a TLS-terminating proxy the request arrives as http; trust X-Forwarded-* then.
  provider.proxy = config.publicUrl.startsWith('https:');
  return provider;
}
