// zod/mini: every screen's API client reads these; classic zod stays out of the PWA.
import { z } from 'zod/mini';

/** Every non-2xx answer of the gateway has this body. */
export const apiErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  /** Machine-readable cause where a caller must branch on it (e.g. DCU commit refusals). */
  errorCode: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** 200 with both 'ok'; 503 with both 'unavailable' while the database cannot be reached. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});
export type Health = z.infer<typeof healthSchema>;
