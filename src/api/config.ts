import type { RemoteConfig } from '../../contract';
import { apiRequest } from './client';

/** Public: no session needed. */
export function getRemoteConfig(): Promise<RemoteConfig> {
  return apiRequest<RemoteConfig>('/api/v1/config', { renewOn401: false });
}
