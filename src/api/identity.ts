import type { AuthenticationResult, IPublicClientApplication } from '@azure/msal-browser';
import { getAuthConfig } from './auth';

/**
 * The identity provider client (msal). This module and msal are imported lazily: only signing
 * in, the silent renewal after a 401 and logout need them, not the first screen.
 */
let client: Promise<{ pca: IPublicClientApplication; scopes: string[] }> | null = null;

function getClient() {
  client ??= (async () => {
    const [msal, config] = await Promise.all([import('@azure/msal-browser'), getAuthConfig()]);
    const origin = window.location.origin;
    const pca = await msal.createStandardPublicClientApplication({
      auth: {
        clientId: config.clientId,
        authority: config.authority,
        // Without knownAuthorities msal asks Microsoft's instance discovery (fails offline).
        knownAuthorities: config.knownAuthorities,
        // The real discovery document: msal refuses to fetch a plain-http issuer itself.
        ...(config.authorityMetadata ? { authorityMetadata: config.authorityMetadata } : {}),
        redirectUri: origin + config.redirectPath,
        postLogoutRedirectUri: origin + config.postLogoutRedirectPath,
        OIDCOptions: { defaultScopes: config.scopes },
      },
      cache: { cacheLocation: msal.BrowserCacheLocation.SessionStorage },
      system: { protocolMode: msal.ProtocolMode.OIDC },
    });
    return { pca, scopes: config.scopes };
  })().catch((error: unknown) => {
    client = null;
    throw error;
  });
  return client;
}

/**
 * The ID token of a sign-in, after which msal forgets every token it holds. product §4: no
 * token stays where page scripts can read it, and msal's cache is web storage. The gateway's
 * httpOnly session is what the app lives on; renewal asks the provider's own session again.
 */
async function takeIdToken(
  pca: IPublicClientApplication,
  result: AuthenticationResult,
): Promise<string> {
  await pca.clearCache();
  if (!result.idToken) throw new Error('The identity provider returned no ID token.');
  return result.idToken;
}

/** Leaves for the provider's login page; `returnTo` comes back in the state. */
export async function startSignInRedirect(returnTo: string): Promise<void> {
  const { pca, scopes } = await getClient();
  // msal wants any earlier redirect settled before a new one starts.
  await pca.handleRedirectPromise({ navigateToLoginRequestUrl: false });
  await pca.loginRedirect({ scopes, state: returnTo, prompt: 'login' });
}

/** On /login after the provider's redirect: the ID token and the state sent with it. */
export async function finishSignInRedirect(): Promise<{ idToken: string; state: string } | null> {
  const { pca } = await getClient();
  const result = await pca.handleRedirectPromise({ navigateToLoginRequestUrl: false });
  if (!result) return null;
  return { idToken: await takeIdToken(pca, result), state: result.state ?? '' };
}

/**
 * A fresh ID token without any UI, from the provider's own session in a hidden frame (no
 * refresh token is kept to use instead); throws when the provider needs the user.
 */
export async function renewIdTokenSilently(): Promise<string> {
  const { pca, scopes } = await getClient();
  return takeIdToken(pca, await pca.ssoSilent({ scopes }));
}

/** Sign-in in a popup, so the screen underneath (and what was typed on it) stays. */
export async function signInWithPopup(): Promise<string> {
  const { pca, scopes } = await getClient();
  return takeIdToken(pca, await pca.loginPopup({ scopes, prompt: 'login' }));
}

/** Forgets the provider's tokens on this device without a redirect to the provider. */
export async function clearIdentityCache(): Promise<void> {
  const pending = client;
  client = null;
  if (!pending) return;
  try {
    const { pca } = await pending;
    await pca.clearCache();
  } catch {
    // Never initialised (offline at start): nothing cached in memory to forget.
  }
}
