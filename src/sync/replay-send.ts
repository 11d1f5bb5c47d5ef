import { apiWriteAnswer } from '../api/client';
import { ApiError } from '../api/errors';
import type { Send } from './replayer';

/**
 * The real `send` of the replayer, for the page and the service worker alike: the session
 * cookie rides along (credentials 'same-origin'), the entry id goes as Idempotency-Key.
 * A 401 is not renewed here: a background replay must not open sign-in prompts; the entry
 * waits for sign-in instead. Network failures (NetworkError) propagate as "no answer", and so
 * does a gateway that does not answer within SEND_TIMEOUT_MS (the run holds the outbox lock;
 * a hung request must not hold it for ever; the Idempotency-Key makes the resend safe).
 */
export const SEND_TIMEOUT_MS = 30_000;

export const sendWrite: Send = async (request) => {
  try {
    const body = await apiWriteAnswer(request.path, {
      method: request.method,
      body: request.body,
      idempotencyKey: request.idempotencyKey,
      renewOn401: false,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return { status: 200, body };
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        status: error.status,
        body: { message: error.message, errorCode: error.errorCode },
        ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
        ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
      };
    }
    throw error;
  }
};
