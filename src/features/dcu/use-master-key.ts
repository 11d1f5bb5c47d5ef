import { useCallback, useEffect, useRef, useState } from 'react';
import { requestMasterKey, type MasterKeyResponse } from '../../api/dcu';
import { ApiError, NetworkError, SignInRequiredError } from '../../api/errors';

/** product §4 "Offline-first": the master key needs the server, and says so. */
export const MASTER_KEY_NEEDS_CONNECTION =
  'The master password lookup needs a connection. Connect to the internet and press Submit again.';
export const MASTER_KEY_FAILED = 'The master password could not be retrieved. Please try again.';

export type MasterKeyState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; result: MasterKeyResponse }
  | { status: 'failed'; message: string };

/** The gateway's own words for a refusal (the 429 rate limit among them), else ours. */
export function masterKeyFailureMessage(error: unknown): string {
  if (error instanceof NetworkError) return MASTER_KEY_NEEDS_CONNECTION;
  if (error instanceof ApiError || error instanceof SignInRequiredError) return error.message;
  return MASTER_KEY_FAILED;
}

/** The master key (requestMasterKey), online only; `clear` is Back to Lookup Form. */
export function useMasterKey() {
  const [state, setState] = useState<MasterKeyState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const lookup = useCallback(async (serial: string) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    if (!navigator.onLine) {
      setState({ status: 'failed', message: MASTER_KEY_NEEDS_CONNECTION });
      return;
    }
    setState({ status: 'loading' });
    try {
      const result = await requestMasterKey(serial, controller.signal);
      if (!controller.signal.aborted) setState({ status: 'done', result });
    } catch (error) {
      if (!controller.signal.aborted) {
        setState({ status: 'failed', message: masterKeyFailureMessage(error) });
      }
    }
  }, []);

  const clear = useCallback(() => {
    current.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, lookup, clear };
}
