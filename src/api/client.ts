import { markWaiting } from './busy';
import { ApiError, MalformedAnswerError, NetworkError } from './errors';
import { RETRY_AFTER_CAP_MS, retryAfterMs } from './retry-after';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  /** Added to the URL; empty and undefined values are left out. */
  query?: Record<string, string | undefined>;
  /** Sent as `Idempotency-Key`: a replayed write is applied once (docs/architecture.md). */
  idempotencyKey?: string;
  /** Sent as `If-None-Match`: a 304 then means the kept copy is current. */
  ifNoneMatch?: string;
  signal?: AbortSignal;
  /**
   * How long the gateway has to answer each request sent; silent longer, it is no answer
   * (NetworkError). Counted per request, so the time a 401's renewal takes (the user signing in
   * again) does not count against the request retried after it.
   */
  timeoutMs?: number;
  /**
   * On 401, renew the session and retry once (default). The auth endpoints turn it off:
   * renewing a failed sign-in with a sign-in would loop.
   */
  renewOn401?: boolean;
}

/** Set by api/renewal.ts; kept as a hook so this module does not import msal code. */
type Renewer = () => Promise<void>;
let renewer: Renewer | null = null;
export function setSessionRenewer(fn: Renewer | null): void {
  renewer = fn;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (file uploads) sets its own multipart boundary.
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  if (opts.ifNoneMatch) headers['If-None-Match'] = opts.ifNoneMatch;
  // A timer of the page's own, not AbortSignal.timeout: it is cleared as soon as the answer
  // comes, so nothing of this request's time is left running into a retry after it.
  const limit = opts.timeoutMs === undefined ? undefined : new AbortController();
  const timer =
    limit &&
    setTimeout(
      () => limit.abort(new DOMException('The gateway did not answer in time', 'TimeoutError')),
      opts.timeoutMs,
    );
  const signal =
    limit && opts.signal
      ? AbortSignal.any([opts.signal, limit.signal])
      : (limit?.signal ?? opts.signal);
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body:
        opts.body === undefined
          ? undefined
          : multipart
            ? (opts.body as FormData)
            : JSON.stringify(opts.body),
      // The gateway's session is an httpOnly SameSite=Strict cookie on this origin.
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  } finally {
    clearTimeout(timer);
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: { error?: unknown; message?: unknown; errorCode?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's HTML page): fall back to the status line.
  }
  return new ApiError(
    res.status,
    typeof body.error === 'string' ? body.error : res.statusText,
    typeof body.message === 'string' ? body.message : `Request failed (${res.status})`,
    typeof body.errorCode === 'string' ? body.errorCode : undefined,
    retryAfterMs(res.headers.get('retry-after')) ?? undefined,
    res.headers.get('x-request-id') ?? undefined,
  );
}

/** Times a read busy (429) is sent again before its error reaches the caller. */
const BUSY_RETRIES = 3;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * A read the gateway answers 429 (one user's burst, docs/gateway.md) is not an error to show:
 * it waits out Retry-After (shown as "Busy, retrying") and goes again. Writes are the outbox's
 * to retry (it keeps them across reloads), so they are returned as they are.
 */
async function sendWaitingWhenBusy(path: string, opts: RequestOptions): Promise<Response> {
  let res = await send(path, opts);
  const read = (opts.method ?? 'GET') === 'GET';
  for (let tries = 0; read && res.status === 429 && tries < BUSY_RETRIES; tries++) {
    const wait = retryAfterMs(res.headers.get('retry-after')) ?? 1000;
    const done = markWaiting();
    try {
      await pause(Math.min(wait, RETRY_AFTER_CAP_MS), opts.signal);
    } finally {
      done();
    }
    res = await send(path, opts);
  }
  return res;
}

async function sendRenewing(path: string, opts: RequestOptions): Promise<Response> {
  let res = await sendWaitingWhenBusy(path, opts);
  if (res.status === 401 && opts.renewOn401 !== false && renewer) {
    // One renewal, one retry; the renewer asks the user to sign in again if it must.
    await renewer();
    res = await sendWaitingWhenBusy(path, opts);
  }
  const unchanged = res.status === 304 && opts.ifNoneMatch !== undefined;
  if (!res.ok && !unchanged) throw await toApiError(res);
  return res;
}

async function readBody(path: string, res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new MalformedAnswerError(path, error);
  }
}

/**
 * How a call reads its answer: the value the declared schema makes of it, or why it does not
 * match. endpoint-client.ts reads with zod; the first screen with checks made from the same
 * declarations (contract/first-screen-answers.ts), so this module does not load zod.
 */
export type AnswerReader<T> = (
  body: unknown,
) => { ok: true; value: T } | { ok: false; problem: unknown };

function read<T>(path: string, reader: AnswerReader<T>, body: unknown): T {
  const answer = reader(body);
  if (!answer.ok) throw new MalformedAnswerError(path, answer.problem);
  return answer.value;
}

/**
 * Calls the gateway and reads its answer as the endpoint declares it: resolves with that value,
 * or throws ApiError (MalformedAnswerError when the answer does not match, so nothing
 * unchecked reaches IndexedDB) / NetworkError.
 */
export async function apiRequest<T>(
  path: string,
  opts: RequestOptions & { reader: AnswerReader<T> },
): Promise<T> {
  return read(path, opts.reader, await readBody(path, await sendRenewing(path, opts)));
}

/** What a conditional read came to: the new answer and its ETag, or `unchanged` (304). */
export type ConditionalAnswer<T> =
  { unchanged: true } | { unchanged: false; data: T; etag: string | null };

/**
 * A read of something the caller keeps with its ETag: sent with `If-None-Match` when there is
 * one, so an unchanged answer costs a 304 and no body. Errors as apiRequest.
 */
export async function apiRequestIfChanged<T>(
  path: string,
  opts: Omit<RequestOptions, 'ifNoneMatch'> & { reader: AnswerReader<T>; etag: string | null },
): Promise<ConditionalAnswer<T>> {
  const { etag, ...rest } = opts;
  const res = await sendRenewing(path, { ...rest, ifNoneMatch: etag ?? undefined });
  if (res.status === 304) return { unchanged: true };
  const data = read(path, opts.reader, await readBody(path, res));
  return { unchanged: false, data, etag: res.headers.get('etag') };
}

/** Sends a write whose answer carries nothing to keep (204, or a body the caller ignores). */
export async function apiSend(path: string, opts: RequestOptions = {}): Promise<void> {
  await sendRenewing(path, opts);
}

/**
 * The outbox's sender: the answer of a queued write, as JSON, for its write kind to read. Every
 * other caller uses apiRequest with a reader.
 */
export async function apiWriteAnswer(path: string, opts: RequestOptions): Promise<unknown> {
  const res = await sendRenewing(path, opts);
  if (res.status === 204) return undefined;
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Downloads a file the gateway streams (attachments, manuals); errors as apiRequest. */
export async function apiBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  const res = await sendRenewing(path, opts);
  return res.blob();
}
