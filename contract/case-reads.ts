import { z } from 'zod/mini';

/*
 * Unread replies: a case whose feed has entries from anyone but the viewer (the TSC, a
 * colleague) newer than the viewer last opened it. Read state is per user, on the gateway, so
 * it holds on every device; opening a case marks it read (an outbox write).
 */

/** The unread cases answered at most: the count covers them all. */
export const UNREAD_CASES_MAX = 500;

/** POST /api/v1/cases/:id/read: when the viewer opened the case (the device's clock). */
export const markCaseReadSchema = z.object({
  readAt: z.iso.datetime({ offset: true, error: 'readAt must be an ISO date-time' }),
});
export type MarkCaseRead = z.infer<typeof markCaseReadSchema>;

export const markCaseReadResponseSchema = z.object({
  id: z.string(),
  /** ISO date-time the gateway keeps: the latest of every mark, never in the future. */
  readAt: z.string(),
});

/** One unread case and the time of its newest entry from someone else. */
export const unreadCaseSchema = z.object({ id: z.string(), latestReplyAt: z.string() });
export type UnreadCase = z.infer<typeof unreadCaseSchema>;

/** GET /api/v1/cases/unread: the caller's unread cases (of its case list), newest reply first. */
export const unreadCasesResponseSchema = z.object({
  count: z.int(),
  cases: z.array(unreadCaseSchema),
});
export type UnreadCasesResponse = z.infer<typeof unreadCasesResponseSchema>;
