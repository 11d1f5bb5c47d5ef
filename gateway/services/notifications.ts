import { sql, type Kysely, type Transaction } from 'kysely';
import type { Notification } from '../../contract/notifications';
import type { Database } from '../db/schema';

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
