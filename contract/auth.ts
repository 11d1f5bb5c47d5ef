// zod/mini: the sign-in screen reads these, and classic zod is too heavy for its first load.
import { z } from 'zod/mini';
import { userSchema } from './user';

/** What the PWA needs to sign in with msal; served by the gateway so one build fits any provider. */
export const authConfigSchema = z.object({
  clientId: z.string(),
  /** The authority msal is given. May be an https alias when the real issuer is plain-http localhost. */
  authority: z.string(),
  knownAuthorities: z.array(z.string()),
  /** The provider's discovery document as a JSON string, so msal never fetches an http authority. */
  authorityMetadata: z.nullable(z.string()),
  scopes: z.array(z.string()),
  /** Path on the PWA's origin that the provider redirects back to. */
  redirectPath: z.string(),
  postLogoutRedirectPath: z.string(),
  /** Where "sign out of the company identity provider" goes (logout page note). */
  endSessionUrl: z.nullable(z.string()),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** product §7 AuthSSO: body IdToken. */
export const sessionRequestSchema = z.object({
  idToken: z
    .string()
    .check(z.minLength(1, 'idToken is required'), z.maxLength(16384, 'idToken is too long')),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

export const sessionResponseSchema = z.object({
  user: userSchema,
  /** ISO date-time the gateway session ends unless renewed. */
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
