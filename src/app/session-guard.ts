import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ensureSession } from '../sync/session';

/**
 * product §2 (the route guard works): no session, no protected screen. Signed out goes to
 * /login with the asked-for page in `returnTo`, where sign-in sends the user back.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  const status = await ensureSession();
  if (status === 'signed-in') return null;
  const url = new URL(request.url);
  throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
}
