import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Broadcast,
  Notification,
  NotificationMessage,
  SendRequest,
  sendRequestSchema,
} from '../../contract/notifications';
import type { z } from 'zod';
import type { Database } from '../db/schema';

type ParsedSend = z.output<typeof sendRequestSchema>;
type Conditionals = ParsedSend['conditionals'];
export type { SendRequest };

/** Who can receive a message: people of dealers and of the maker, never end customers. */
const RECIPIENT_ACCOUNT_TYPES = ['Dealer', 'Corporate', 'OEM Account'] as const;

/** A notifications row as the services read it. */
export interface NotificationRecord {
  id: string;
  type: Notification['type'];
  title: string;
  body: string;
  data: Record<string, string>;
  created_at: Date;
  delivered_at: Date | null;
  read_at: Date | null;
}

export function toNotification(r: NotificationRecord): Notification {
  const data = r.data ?? {};
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    delivered: r.delivered_at !== null,
    read: r.read_at !== null,
    ...(data.knowledgeCategory !== undefined && { knowledgeCategory: data.knowledgeCategory }),
    ...(data.searchTerm !== undefined && { searchTerm: data.searchTerm }),
    ...(data.modelNumber !== undefined && { modelNumber: data.modelNumber }),
    ...(data.serialNumber !== undefined && { serialNumber: data.serialNumber }),
    ...(data.recordId !== undefined && { recordId: data.recordId }),
  };
}

/** The message's own fields beyond type, title and body (product §3 Notification (list)). */
export function messageData(m: NotificationMessage): Record<string, string> {
  return m.type === 'Knowledge'
    ? { knowledgeCategory: m.knowledgeCategory, searchTerm: m.searchTerm }
    : { modelNumber: m.modelNumber, serialNumber: m.serialNumber };
}

/**
 * The recipients (contact ids) of product §3 Notification (dashboard) filters. Values arrive
 * normalised by the contract (spaces removed, upper case); the columns are compared upper
 * cased. Every value is a bound parameter.
 */
function recipients(db: Kysely<Database> | Transaction<Database>, conditionals: Conditionals) {
  let q = db
    .selectFrom('contacts as c')
    .innerJoin('accounts as a', 'a.id', 'c.account_id')
    .where('a.record_type', 'in', RECIPIENT_ACCOUNT_TYPES);
  for (const c of conditionals) {
    const list = c.value.split(',');
    switch (c.field) {
      case 'Platform':
        q = q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('push_devices as d')
              .select(sql`1`.as('one'))
              .whereRef('d.contact_id', '=', 'c.id')
              .where('d.platform', '=', c.value as 'PWA'),
          ),
        );
        break;
      case 'Division__c':
        q = q.where(sql<boolean>`upper(c.division) = ${c.value}`);
        break;
      case 'AccountNumber':
        q =
          c.operator === 'Is any'
            ? q.where(sql<boolean>`upper(a.account_number) = ANY(${list}::text[])`)
            : q.where(sql<boolean>`upper(a.account_number) = ${c.value}`);
        break;
      case 'Contract_Series__c':
        q = q.where(sql<boolean>`c.contract_series && ${list}::text[]`);
        break;
    }
  }
  return q;
}

export async function countRecipients(
  db: Kysely<Database> | Transaction<Database>,
  conditionals: Conditionals,
): Promise<number> {
  const row = await recipients(db, conditionals)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A real send: the broadcast, one message per recipient and one queued push per device of
 * theirs (only devices of the filtered platform when Platform is a filter), with the jobs
 * that send them, all in the caller's transaction: a refusal or a fault leaves nothing
 * half-queued.
 */
export async function recordBroadcast(
  trx: Transaction<Database>,
  sentBy: string,
  request: ParsedSend,
  enqueue: (trx: Transaction<Database>, deliveryIds: string[]) => Promise<void>,
): Promise<{ id: string; count: number }> {
  const id = randomUUID();
  const { message, conditionals } = request;
  const count = await countRecipients(trx, conditionals);
  await trx
    .insertInto('broadcasts')
    .values({
      id,
      sent_by: sentBy,
      title: message.title,
      body: message.body,
      conditionals: JSON.stringify(conditionals),
      recipients: count,
    })
    .execute();
  const data = JSON.stringify(messageData(message));
  await trx
    .insertInto('notifications')
    .columns(['id', 'contact_id', 'broadcast_id', 'type', 'title', 'body', 'data'])
    .expression(
      recipients(trx, conditionals).select([
        sql<string>`gen_random_uuid()::text`.as('id'),
        'c.id as contact_id',
        sql<string>`${id}`.as('broadcast_id'),
        sql<string>`${message.type}`.as('type'),
        sql<string>`${message.title}`.as('title'),
        sql<string>`${message.body}`.as('body'),
        sql<string>`${data}::jsonb`.as('data'),
      ]),
    )
    .execute();
  const platform = conditionals.find((c) => c.field === 'Platform')?.value;
  const deliveries = await trx
    .insertInto('push_deliveries')
    .columns(['broadcast_id', 'notification_id', 'device_id'])
    .expression(
      trx
        .selectFrom('notifications as n')
        .innerJoin('push_devices as d', 'd.contact_id', 'n.contact_id')
        .select([sql<string>`${id}`.as('broadcast_id'), 'n.id as notification_id', 'd.id'])
        .where('n.broadcast_id', '=', id)
        .$if(platform !== undefined, (q) => q.where('d.platform', '=', platform as 'PWA'))
        .orderBy('n.id'),
    )
    .returning('id')
    .execute();
  await enqueue(
    trx,
    deliveries.map((d) => String(d.id)),
  );
  return { id, count };
}

/** The History tab: newest first, with the fan-out's progress (product §2). */
export async function listBroadcasts(db: Kysely<Database>, limit = 100): Promise<Broadcast[]> {
  const rows = await db
    .selectFrom('broadcasts as b')
    .select([
      'b.id',
      'b.title',
      'b.body',
      'b.recipients',
      'b.created_at',
      sql<string>`(SELECT count(*) FROM push_deliveries p WHERE p.broadcast_id = b.id AND p.status = 'sent')`.as(
        'sent',
      ),
      sql<string>`(SELECT count(*) FROM push_deliveries p WHERE p.broadcast_id = b.id AND p.status = 'failed')`.as(
        'failed',
      ),
      sql<string>`(SELECT count(*) FROM push_deliveries p WHERE p.broadcast_id = b.id AND p.status IN ('pending', 'sending'))`.as(
        'pending',
      ),
    ])
    .orderBy('b.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    count: r.recipients,
    timestamp: Math.floor(new Date(r.created_at).getTime() / 1000),
    sent: Number(r.sent),
    failed: Number(r.failed),
    pending: Number(r.pending),
  }));
}

/** The caller's messages, newest first (product §2 Messages). */
export async function listNotifications(
  db: Kysely<Database>,
  contactId: string | null,
): Promise<Notification[]> {
  if (!contactId) return [];
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'type', 'title', 'body', 'data', 'created_at', 'delivered_at', 'read_at'])
    .where('contact_id', '=', contactId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map(toNotification);
}

/**
 * Marks one of the caller's messages read or deleted; false when it is not the caller's
 * (another person's message answers 404 like one that never existed). Repeating is harmless.
 */
export async function markNotification(
  db: Kysely<Database> | Transaction<Database>,
  contactId: string | null,
  id: string,
  what: 'read' | 'deleted',
): Promise<boolean> {
  if (!contactId) return false;
  const column = what === 'read' ? 'read_at' : 'deleted_at';
  const res = await db
    .updateTable('notifications')
    .set({ [column]: sql`coalesce(${sql.ref(column)}, now())` })
    .where('id', '=', id)
    .where('contact_id', '=', contactId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

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
