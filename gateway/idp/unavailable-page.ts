import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../http/errors';
import { html, page } from '../html/page';

export const SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable at the moment';
export const SIGN_IN_TRY_AGAIN =
  'The service cannot reach its database. Try again in a few moments.';

/**
 * The database away (restarting, failing over) while someone signs in: not their mistake and
 * over soon, so a page that says so, with 503 and Retry-After like the API's answers. Null for
 * any other error.
 */
export function unavailableAnswer(
  err: unknown,
  product: string,
): { status: 503; headers: Record<string, string>; body: string } | null {
  if (!isDatabaseUnavailable(err)) return null;
  return {
    status: 503,
    headers: {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
    },
    body: page(
      'Sign-in unavailable',
      product,
      html`<h1>${SIGN_IN_UNAVAILABLE}</h1>
        <p class="error" role="alert">${SIGN_IN_TRY_AGAIN}</p>
        <a class="button" href="/login">Try again</a>`,
    ),
  };
}
