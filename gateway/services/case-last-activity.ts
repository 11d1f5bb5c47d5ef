import { sql } from 'kysely';

/**
 * A case's last activity: the newest of its creation, its last status change or update, and its
 * newest feed entry (anyone's). Cut to milliseconds so the paging cursor, which carries a
 * JavaScript date, compares equal to the value it was read from.
 */
export const lastActivity = sql<Date>`date_trunc('milliseconds', greatest(cases.created_at, cases.updated_at, (SELECT max(f.created_at) FROM case_feed_items f WHERE f.case_id = cases.id)))`;
