import { remoteConfigSchema, type RemoteConfig } from '../../contract/config';
import { apiRequest } from './client';

/** Public: no session needed. */
export function getRemoteConfig(): Promise<RemoteConfig> {
  return apiRequest('/api/v1/config', { schema: remoteConfigSchema, renewOn401: false });
}
