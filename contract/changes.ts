import { z } from 'zod/mini';

/*
 * What changed since a device's cursor (docs/architecture.md "Read"). A cursor is the
 * database's: the same on every gateway, and opaque to the device, which only stores it and
 * sends it back.
 */

/** The decimal form of a PostgreSQL transaction id (xid8). */
export const CHANGE_CURSOR_PATTERN = /^\d{1,20}$/;

/** The longest a device may hold the feed open: under what proxies and balancers keep idle. */
export const CHANGES_WAIT_MAX_SECONDS = 25;

export const changesQuerySchema = z.object({
  since: z.optional(z.string().check(z.regex(CHANGE_CURSOR_PATTERN, 'Not a change cursor'))),
  /**
   * Seconds to hold the answer while nothing changed since `since` (a long poll): it comes as
   * soon as something does, through whichever gateway, or empty when the time is up.
   */
  wait: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(CHANGES_WAIT_MAX_SECONDS))),
});
export type ChangesQuery = z.infer<typeof changesQuerySchema>;

/** One area's changes: records to read again, and records to drop (a tombstone). */
const areaChangesSchema = z.object({
  /** Changed or new, and the caller may see them. */
  changed: z.array(z.string()),
  /** Deleted, or no longer the caller's to see. */
  removed: z.array(z.string()),
});

/**
 * The cases' changes, with where the changed ones show now, so a device reads again only the
 * lists that show them. Both are left out when nothing changed; a device answered without them
 * (an older gateway) reads again every list it keeps.
 */
const caseChangesSchema = z.extend(areaChangesSchema, {
  /** Organisations whose case list (listOrganisationCases) shows one of the changed cases. */
  organisations: z.optional(z.array(z.string())),
  /** The caller's own case list (listCases) shows one of the changed cases. */
  own: z.optional(z.boolean()),
});

/**
 * The caller's own predictions (product §2 Prediction History and detail: made, linked to a
 * case, their outcome recorded), and the models whose past claims the gateway has learned anew.
 */
const predictionChangesSchema = z.extend(areaChangesSchema, {
  /**
   * Models whose claims were added since the cursor, once this gateway ranks over them: a device
   * keeping their offline claims (any user may keep any model's) asks for them again with their
   * ETag. Left out when none.
   */
  models: z.optional(z.array(z.string())),
});

export const changesResponseSchema = z.object({
  /** Ask again with this one; it covers every change committed before the answer was made. */
  cursor: z.string(),
  /** No usable `since` was given: nothing is listed, read the whole areas, then keep `cursor`. */
  reset: z.boolean(),
  /** Cases, their feeds included. */
  cases: caseChangesSchema,
  /**
   * The caller's own messages (product §2 Messages). Left out when none changed, so the answer
   * a device gets every few seconds stays small, and a device also reads a gateway that does
   * not list messages yet.
   */
  messages: z.optional(areaChangesSchema),
  /**
   * The caller's own predictions and the models whose claims changed. Left out when neither
   * did, as `messages` is, so the idle answer stays as small and an older gateway still reads.
   */
  predictions: z.optional(predictionChangesSchema),
});
export type ChangesResponse = z.infer<typeof changesResponseSchema>;
