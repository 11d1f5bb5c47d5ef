import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashToken } from './sessions';

/**
 * Records an ID token as exchanged; false when it was exchanged before. The PWA always brings
 * a fresh token (sign-in, popup, or the provider's session in a hidden frame), so a second
 * exchange of the same one is a replay. Rows live until the token would have expired anyway.
 */
export async function claimIdToken(
  db: Kysely<Database>,
  idToken: string,
  expiresAt: Date,
): Promise<boolean> {
  const now = new Date();
  await db.deleteFrom('used_id_tokens').where('expires_at', '<', now).execute();
  const inserted = await db
    .insertInto('used_id_tokens')
    .values({ token_hash: hashToken(idToken), expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return inserted !== undefined;
}
