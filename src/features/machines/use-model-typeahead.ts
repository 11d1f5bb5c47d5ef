import { useEffect, useRef, useState } from 'react';
import type { ModelTypeaheadResponse } from '../../../contract/machines';
import { ApiError, NetworkError, SignInRequiredError } from '../../api/errors';
import { searchModels } from '../../api/machines';
import { useOnline } from '../../components/use-online';
import { shouldLookupModel } from '../../domain/machine-search';

export type ModelOption = ModelTypeaheadResponse['modelList'][number];

export type TypeaheadState =
  | { status: 'idle' }
  | { status: 'offline' }
  | { status: 'loading' }
  | { status: 'done'; models: ModelOption[] }
  /** SearchModel answered status Failure: its message is shown (SPEC §8). */
  | { status: 'failure'; message: string }
  /** The request failed: its error message is shown (SPEC §8). */
  | { status: 'error'; message: string };

const DEBOUNCE_MS = 250;

/**
 * The model typeahead (SPEC §4): with 3 model and 5 serial characters it asks the gateway
 * which models have that serial. Online only; offline it says so and keeps the input.
 */
export function useModelTypeahead(model: string, serial: string): TypeaheadState {
  const online = useOnline();
  const [state, setState] = useState<TypeaheadState>({ status: 'idle' });
  const seq = useRef(0);

  useEffect(() => {
    const id = ++seq.current;
    if (!shouldLookupModel(model, serial)) {
      setState({ status: 'idle' });
      return;
    }
    if (!online) {
      setState({ status: 'offline' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      searchModels({ model, serial }, controller.signal).then(
        (res) => {
          if (id !== seq.current) return;
          setState(
            res.status === 'Failure'
              ? { status: 'failure', message: res.message }
              : { status: 'done', models: res.modelList },
          );
        },
        (error: unknown) => {
          if (id !== seq.current || controller.signal.aborted) return;
          if (error instanceof NetworkError) setState({ status: 'offline' });
          else
            setState({
              status: 'error',
              message:
                error instanceof ApiError || error instanceof SignInRequiredError
                  ? error.message
                  : 'Model search failed.',
            });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [model, serial, online]);

  return state;
}
