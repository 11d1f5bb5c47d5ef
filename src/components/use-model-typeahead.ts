import type { ModelTypeaheadResponse } from '../../contract/machines';
import { ApiError, NetworkError, SignInRequiredError } from '../api/errors';
import { searchModels } from '../api/machines';
import { useDebouncedLookup } from './use-debounced-lookup';
import { useOnline } from './use-online';
import { useProfile } from './use-profile';
import type { MachineRow } from '../db/schema';
import { deviceModelSerialMatches } from '../domain/device-machine-search';
import { shouldLookupModel } from '../domain/machine-search';
import { useDeviceMachines } from './use-device-machines';

export type ModelOption = ModelTypeaheadResponse['modelList'][number];

export type TypeaheadState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; models: ModelOption[] }
  /** SearchModel answered status Failure: its message is shown (product §8). */
  | { status: 'failure'; message: string }
  /** The request failed: its error message is shown (product §8). */
  | { status: 'error'; message: string }
  /** No connection: the machines on this device that match what was typed. */
  | { status: 'device'; matches: MachineRow['detail'][]; onDevice: number };

const DEBOUNCE_MS = 250;

/**
 * The model typeahead (product §4): with 3 model and 5 serial characters it asks the gateway
 * which models have that serial. Without a connection it searches the machines kept on the
 * device instead (opened before or downloaded by Prepare for the field).
 */
export function useModelTypeahead(model: string, serial: string): TypeaheadState {
  const online = useOnline();
  const user = useProfile();
  const lookup = useDebouncedLookup(
    online && shouldLookupModel(model, serial) ? { model, serial } : null,
    searchModels,
    DEBOUNCE_MS,
  );
  const unreachable =
    !online || (lookup.status === 'error' && lookup.error instanceof NetworkError);
  const device = useDeviceMachines(user?.id, unreachable);

  if (unreachable) {
    if (!device) return { status: 'loading' };
    const matches = deviceModelSerialMatches(
      device.map((m) => m.detail),
      { model, serial },
    );
    return { status: 'device', matches, onDevice: device.length };
  }
  switch (lookup.status) {
    case 'idle':
    case 'loading':
      return { status: lookup.status };
    case 'done':
      return lookup.value.status === 'Failure'
        ? { status: 'failure', message: lookup.value.message }
        : { status: 'done', models: lookup.value.modelList };
    case 'error':
      return {
        status: 'error',
        message:
          lookup.error instanceof ApiError || lookup.error instanceof SignInRequiredError
            ? lookup.error.message
            : 'Model search failed.',
      };
  }
}
