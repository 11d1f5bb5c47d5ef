import type { RemoteConfig } from '../../contract/config';
import { getRemoteConfig as configEndpoint } from '../../contract/first-screen-answers';
import { callChecked } from './checked-call';

/** Public: no session needed. Checked without zod: the first screen refreshes it. */
export function getRemoteConfig(): Promise<RemoteConfig> {
  return callChecked(configEndpoint, { renewOn401: false });
}
