/** A non-2xx answer of the gateway, with its JSON error body (contract/errors.ts). */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly errorCode: string | undefined;
  /** A 429's Retry-After, in milliseconds: when the gateway will take the request again. */
  readonly retryAfterMs: number | undefined;
  /** The answer's X-Request-Id: what the gateway's log line of this request is found by. */
  readonly requestId: string | undefined;

  constructor(
    status: number,
    error: string,
    message: string,
    errorCode?: string,
    retryAfterMs?: number,
    requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.errorCode = errorCode;
    this.retryAfterMs = retryAfterMs;
    this.requestId = requestId;
  }
}

export const MALFORMED_ANSWER_MESSAGE =
  "The server's answer could not be read. Please try again later.";

/**
 * A 2xx answer that does not match its contract schema (a gateway of another version, a proxy's
 * page): it is never stored, and the user sees this message like any other failed request.
 * Status 502 because the answer, not the request, is at fault.
 */
export class MalformedAnswerError extends ApiError {
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(502, 'Bad Gateway', MALFORMED_ANSWER_MESSAGE);
    this.name = 'MalformedAnswerError';
    this.path = path;
    this.cause = cause;
  }
}

/** The request never got an answer: offline, DNS, the gateway down. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('No connection to the server.');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

/** The user declined to sign in again after a 401 the silent renewal could not fix. */
export class SignInRequiredError extends Error {
  constructor() {
    super('Your session has ended. Sign in again to continue.');
    this.name = 'SignInRequiredError';
  }
}

export function isOffline(error: unknown): boolean {
  return error instanceof NetworkError;
}
