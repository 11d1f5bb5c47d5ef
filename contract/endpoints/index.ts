import type { Endpoint } from '../endpoint';
import * as auth from './auth';
import * as caseAssist from './case-assist';
import * as cases from './cases';
import * as contacts from './contacts';
import * as config from './config';
import * as dcu from './dcu';
import * as dealerContacts from './dealer-contacts';
import * as dealers from './dealers';
import * as knowledge from './knowledge';
import * as machines from './machines';
import * as meta from './meta';
import * as notifications from './notifications';
import * as partsCatalogue from './parts-catalogue';
import * as predictionQuality from './prediction-quality';
import * as predictions from './predictions';
import * as push from './push';

/*
 * Every declared endpoint, for the gateway's OpenAPI document and its tests. The PWA imports
 * the file of the resource it calls, never this one: each resource's schemas stay in the chunk
 * of the screens that use them.
 */

const resources = {
  cases,
  contacts,
  'case-assist': caseAssist,
  'parts-catalogue': partsCatalogue,
  notifications,
  push,
  'dealer-contacts': dealerContacts,
  meta,
  auth,
  config,
  dealers,
  dcu,
  machines,
  knowledge,
  predictions,
  'prediction-quality': predictionQuality,
};

/** Each declaration with the resource (file) it belongs to, in declaration order. */
export const allEndpoints: readonly { resource: string; endpoint: Endpoint }[] = Object.entries(
  resources,
).flatMap(([resource, exports]) =>
  Object.values(exports)
    .filter(isEndpoint)
    .map((endpoint) => ({ resource, endpoint })),
);

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'responses' in value
  );
}
