import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Devices one user keeps; a new one beyond this replaces their oldest. */
export const MAX_DEVICES_PER_USER = 10;

/**
 * Stores a browser's push subscription for the caller, linked to the caller's session (its
 * sign-out removes it). An endpoint registered by another user moves to the caller only with
 * other keys, i.e. a fresh subscription made on that browser: knowing an endpoint (and keys
 * once seen) is not enough to take someone's device. Null when refused for that reason.
 */
export async function registerDevice(
  db: Kysely<Database>,
  user: { id: string; contactId: string | null },
  sessionId: string | null,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
  platform: 'PWA' | 'IOS' | 'ANDROID',
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // One registration of a user at a time, so the cap below holds under concurrent calls.
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    // A fresh subscription on a browser another user had: that user's registration goes (as a
    // new row, so nothing queued for them is sent to the new owner's keys).
    await trx
      .deleteFrom('push_devices')
      .where('endpoint', '=', sub.endpoint)
      .where('user_id', '<>', user.id)
      .where((eb) => eb.or([eb('p256dh', '<>', sub.keys.p256dh), eb('auth', '<>', sub.keys.auth)]))
      .execute();
    const row = await trx
      .insertInto('push_devices')
      .values({
        id: randomUUID(),
        user_id: user.id,
        contact_id: user.contactId,
        session_id: sessionId,
        platform,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
      })
      // The caller's own device again: refreshed. Another user's, same keys: left alone.
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({
            contact_id: user.contactId,
            session_id: sessionId,
            platform,
            p256dh: sub.keys.p256dh,
            auth: sub.keys.auth,
            created_at: sql<Date>`now()`,
          })
          .where('push_devices.user_id', '=', user.id),
      )
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .deleteFrom('push_devices')
      .where('user_id', '=', user.id)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('push_devices')
          .select('id')
          .where('user_id', '=', user.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(MAX_DEVICES_PER_USER),
      )
      .execute();
    return row.id;
  });
}

/** A sign-out: the devices that session registered stop receiving pushes. */
export async function unregisterSessionDevices(
  db: Kysely<Database>,
  sessionId: string,
): Promise<void> {
  await db.deleteFrom('push_devices').where('session_id', '=', sessionId).execute();
}

export async function unregisterDevice(
  db: Kysely<Database>,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom('push_devices')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .execute();
}
