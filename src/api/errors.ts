/** A non-2xx answer of the gateway, with its JSON error body (contract/errors.ts). */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly errorCode: string | undefined;

  constructor(status: number, error: string, message: string, errorCode?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.errorCode = errorCode;
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
