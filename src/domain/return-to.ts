/** Where sign-in sends the user back to (product §2: back to the asked-for page). */
export const DEFAULT_RETURN_TO = '/home';

/**
 * Only a path on this origin, and never the sign-in pages themselves: a `returnTo` of
 * `//evil.example` or `https://…` would turn /login into an open redirect.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return DEFAULT_RETURN_TO;
  }
  const path = value.split(/[?#]/)[0] ?? '';
  if (path === '/login' || path === '/logout' || path === '/') return DEFAULT_RETURN_TO;
  return value;
}
