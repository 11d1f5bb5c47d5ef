import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const SESSION_COOKIE = 'torque_session';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session: the caller gets the random token, the database only its sha256. */
export async function createSession(
  db: Kysely<Database>,
  userId: string,
  ttlMs: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
    })
    .execute();
  return { token, expiresAt };
}

/** Only touch a session row this often: a sliding window does not need a write per request. */
const TOUCH_AFTER_MS = 60_000;

/**
 * Resolves a token to its user and slides the session: each use (at most once a minute)
 * moves expires_at to now + TTL. Expired or unknown tokens give undefined.
 */
export async function touchSession(
  db: Kysely<Database>,
  token: string,
  ttlMs: number,
): Promise<{ userId: string; sessionId: string; expiresAt: Date; slid: boolean } | undefined> {
  // Tokens are 43 base64url chars; refuse anything else before it reaches the database.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const id = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at', 'last_seen_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  const now = Date.now();
  if (!row || new Date(row.expires_at).getTime() <= now) return undefined;
  let expiresAt = new Date(row.expires_at);
  let slid = false;
  if (now - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
    expiresAt = new Date(now + ttlMs);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now), expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
    slid = true;
  }
  return { userId: row.user_id, sessionId: id, expiresAt, slid };
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<string | null> {
  const row = await db
    .deleteFrom('sessions')
    .where('id', '=', hashToken(token))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Sessions and sign-in provider records past their end are dead weight: trimmed at each start. */
export async function pruneExpiredSessions(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
  await db
    .deleteFrom('oidc_store')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}
