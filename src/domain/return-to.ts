/** Where sign-in sends the user back to (product §2: back to the asked-for page). */
export const DEFAULT_RETURN_TO = '/home';

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Only a path on this origin, and never the sign-in pages themselves: a `returnTo` of
 * `//evil.example` or `https://…` would turn /login into an open redirect. Control
 * characters are refused too: a browser drops a tab from `/\t/evil.example`, leaving `//evil…`.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (
    !value ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\') ||
    CONTROL.test(value)
  ) {
    return DEFAULT_RETURN_TO;
  }
  const path = value.split(/[?#]/)[0] ?? '';
  if (path === '/login' || path === '/logout' || path === '/') return DEFAULT_RETURN_TO;
  return value;
}
