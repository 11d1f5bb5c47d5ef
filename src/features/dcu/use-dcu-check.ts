import { useCallback, useEffect, useRef, useState } from 'react';
import { IMEI_INVALID_MESSAGE } from '../../../contract/dcu';
import { fetchDcuStatus, type DcuStatus } from '../../api/dcu';
import { ApiError, NetworkError } from '../../api/errors';

/** product §4 "Offline-first": the IMEI check needs the server, and says so. */
export const DCU_CHECK_NEEDS_CONNECTION =
  'Checking a DCU needs a connection. Connect to the internet and press Check DCU Status again.';

export type DcuCheckState =
  { status: 'idle' } | { status: 'checking' } | { status: 'failed'; message: string };

/**
 * product §8 "IMEI check fails": an unknown unit gets the fixed message, any other text the
 * gateway gives is shown as it is. A check that cannot reach the gateway says it needs a
 * connection; the typed IMEI stays in the field (it is the screen's state, not this hook's).
 */
export function dcuCheckFailureMessage(error: unknown): string {
  if (error instanceof NetworkError) return DCU_CHECK_NEEDS_CONNECTION;
  if (error instanceof ApiError) {
    if (error.errorCode === 'imei-unknown' || error.status === 404) return IMEI_INVALID_MESSAGE;
    return error.message;
  }
  return IMEI_INVALID_MESSAGE;
}

/** The online-only IMEI check (getDcuStatus); a newer check cancels an older one. */
export function useDcuCheck(onValid: (dcu: DcuStatus) => void) {
  const [state, setState] = useState<DcuCheckState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const check = useCallback(
    async (imei: string) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      if (!navigator.onLine) {
        setState({ status: 'failed', message: DCU_CHECK_NEEDS_CONNECTION });
        return;
      }
      setState({ status: 'checking' });
      try {
        const dcu = await fetchDcuStatus(imei, controller.signal);
        if (controller.signal.aborted) return;
        setState({ status: 'idle' });
        onValid(dcu);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: dcuCheckFailureMessage(error) });
      }
    },
    [onValid],
  );

  const reset = useCallback(() => {
    current.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, check, reset };
}
