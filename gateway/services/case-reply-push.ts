import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { caseVisibleTo } from './case-access';
import { findUserById } from './users';

/** The reply a push tells about: the case, the new feed entry and who wrote it. */
export interface PostedReply {
  caseId: string;
  authorId: string;
  authorName: string;
  body: string;
}

/** How much of the reply's text the push carries; the case screen has the rest. */
const BODY_MAX = 160;

/** The push's text: where the reply is and a start of what it says. */
export function replyMessage(
  c: { case_number: string; record_type: 'Case' | 'Report' },
  reply: Pick<PostedReply, 'authorName' | 'body'>,
): { title: string; body: string } {
  const text = reply.body.replace(/\s+/g, ' ').trim();
  const start = text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
  return {
    title: `New reply on ${c.record_type === 'Report' ? 'report' : 'case'} ${c.case_number}`,
    body: start ? `${reply.authorName}: ${start}` : `${reply.authorName} added an update`,
  };
}

/**
 * Who hears of a reply: the people the case belongs to (its contact, who raised it, the agent
 * owning it), never its author, and only those the organisation rule lets see the case (a
 * contact who moved to another dealer does not). A message is kept per contact, so a user
 * without one is left out.
 */
async function followers(trx: Transaction<Database>, caseId: string, authorId: string) {
  const candidates = await trx
    .selectFrom('users as u')
    .innerJoin('cases as c', (j) => j.on('c.id', '=', caseId))
    .select('u.id')
    .where('u.id', '<>', authorId)
    .where('u.contact_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('u.id', '=', eb.ref('c.submitted_by')),
        eb('u.id', '=', eb.ref('c.owner_id')),
        eb('u.contact_id', '=', eb.ref('c.contact_id')),
      ]),
    )
    .orderBy('u.id')
    .execute();
  const users = [];
  for (const { id } of candidates) {
    const user = await findUserById(trx, id);
    if (!user) continue;
    const seen = await trx
      .selectFrom('cases')
      .select('id')
      .where('id', '=', caseId)
      .where(caseVisibleTo(user))
      .executeTakeFirst();
    if (seen) users.push({ id: user.id, contactId: user.contactId! });
  }
  return users;
}

/**
 * A reply's push (type Case, or Report for a report): one message per follower, kept in their
 * Messages like any push, and one queued push per device of theirs, in the reply's own
 * transaction: a reply is never stored without its push, whatever drops after the commit.
 * Returns how many pushes were queued.
 */
export async function queueReplyPush(
  trx: Transaction<Database>,
  reply: PostedReply,
  enqueue: (trx: Transaction<Database>, deliveryIds: string[]) => Promise<void>,
): Promise<number> {
  const c = await trx
    .selectFrom('cases')
    .select(['case_number', 'record_type'])
    .where('id', '=', reply.caseId)
    .executeTakeFirst();
  if (!c) return 0;
  const users = await followers(trx, reply.caseId, reply.authorId);
  if (users.length === 0) return 0;
  const { title, body } = replyMessage(c, reply);
  const data = JSON.stringify({ recordId: reply.caseId });
  const messages = users.map((u) => ({ id: randomUUID(), userId: u.id, contactId: u.contactId }));
  await trx
    .insertInto('notifications')
    .values(
      messages.map((m) => ({
        id: m.id,
        contact_id: m.contactId,
        broadcast_id: null,
        type: c.record_type,
        title,
        body,
        data,
      })),
    )
    .execute();
  const ids: string[] = [];
  for (const m of messages) {
    const rows = await trx
      .insertInto('push_deliveries')
      .columns(['notification_id', 'device_id'])
      .expression(
        trx
          .selectFrom('push_devices as d')
          .select((eb) => [eb.val(m.id).as('notification_id'), 'd.id'])
          .where('d.user_id', '=', m.userId)
          .orderBy('d.id'),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => String(r.id)));
  }
  await enqueue(trx, ids);
  return ids.length;
}
