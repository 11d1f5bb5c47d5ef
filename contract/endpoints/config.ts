import { remoteConfigSchema } from '../config';
import { endpoint } from '../endpoint';

/** product §3 Remote configuration: public, the shell shows it before anyone signs in. */
export const getRemoteConfig = endpoint({
  method: 'GET',
  path: '/api/v1/config',
  summary: 'Remote configuration: links, names and knowledge settings of this deployment',
  access: 'anonymous',
  scope: 'public',
  responses: { 200: remoteConfigSchema },
});
