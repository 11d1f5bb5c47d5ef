import { ApiError, NetworkError } from './errors';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  /** Added to the URL; empty and undefined values are left out. */
  query?: Record<string, string | undefined>;
  /** Sent as `Idempotency-Key`: a replayed write is applied once (docs/architecture.md). */
  idempotencyKey?: string;
  signal?: AbortSignal;
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
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
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
  );
}

async function sendRenewing(path: string, opts: RequestOptions): Promise<Response> {
  let res = await send(path, opts);
  if (res.status === 401 && opts.renewOn401 !== false && renewer) {
    // One renewal, one retry; the renewer asks the user to sign in again if it must.
    await renewer();
    res = await send(path, opts);
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** Calls the gateway; resolves with the JSON body (undefined for 204), or throws ApiError / NetworkError. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await sendRenewing(path, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Downloads a file the gateway streams (attachments, manuals); errors as apiRequest. */
export async function apiBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  const res = await sendRenewing(path, opts);
  return res.blob();
}
