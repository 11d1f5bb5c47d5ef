import type { User } from '../../contract/user';
import { callChecked } from './checked-call';

/**
 * The signed-in user. The session check at start asks without renewal: a 401 there means
 * "go to /login", not "pop up a sign-in". Only the sign-in screen asks, so the check of its
 * answer loads then, not with a signed-in first screen.
 */
export async function getMe(opts: { renewOn401?: boolean } = {}): Promise<User> {
  const { getMe: endpoint } = await import('../../contract/sign-in-answers');
  return callChecked(endpoint, { renewOn401: opts.renewOn401 ?? true });
}
