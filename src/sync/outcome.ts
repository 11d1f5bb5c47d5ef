import { ApiError, NetworkError, SignInRequiredError } from '../api/errors';

/**
 * What a refresh came to, for the screen that asked: every area's refresh writes Dexie on
 * success and otherwise answers one of these, so offline and failures read the same way
 * everywhere. An abort is rethrown: nobody is waiting for that answer.
 */
export type RefreshOutcome =
  | { status: 'ok' }
  | { status: 'not-found' }
  | { status: 'offline' }
  | { status: 'error'; httpStatus?: number; message: string; requestId?: string };

export function outcomeOf(error: unknown): RefreshOutcome {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  if (error instanceof NetworkError) return { status: 'offline' };
  if (error instanceof ApiError) {
    if (error.status === 404) return { status: 'not-found' };
    return {
      status: 'error',
      httpStatus: error.status,
      message: error.message,
      ...(error.requestId ? { requestId: error.requestId } : {}),
    };
  }
  if (error instanceof SignInRequiredError) return { status: 'error', message: error.message };
  return { status: 'error', message: error instanceof Error ? error.message : String(error) };
}

/** A read that came back: what it named may have gone meanwhile, which is an answer too. */
export const readBack = (o: RefreshOutcome): boolean =>
  o.status === 'ok' || o.status === 'not-found';
