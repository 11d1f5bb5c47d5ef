import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Broadcast,
  NotificationMessage,
  sendRequestSchema,
} from '../../contract/notifications';
import type { z } from 'zod';
import type { Database } from '../db/schema';

type ParsedSend = z.output<typeof sendRequestSchema>;
type Conditionals = ParsedSend['conditionals'];

/** Who can receive a message: people of dealers and of the maker, never end customers. */
const RECIPIENT_ACCOUNT_TYPES = ['Dealer', 'Corporate', 'OEM Account'] as const;

/** The message's own fields beyond type, title and body (product §3 Notification (list)). */
function messageData(m: NotificationMessage): Record<string, string> {
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
