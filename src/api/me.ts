import { userSchema, type User } from '../../contract/user';
import { apiRequest } from './client';

/**
 * The signed-in user. The session check at start asks without renewal: a 401 there means
 * "go to /login", not "pop up a sign-in".
 */
export function getMe(opts: { renewOn401?: boolean } = {}): Promise<User> {
  return apiRequest('/api/v1/me', { schema: userSchema, renewOn401: opts.renewOn401 ?? true });
}
