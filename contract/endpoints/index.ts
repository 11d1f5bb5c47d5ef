import type { Endpoint } from '../endpoint';
import * as auth from './auth';
import * as caseAssist from './case-assist';
import * as changes from './changes';
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
  changes,
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

/** A declaration with the resource (file) it belongs to and its export name there. */
export interface DeclaredEndpoint {
  readonly resource: string;
  /** `listCases`: the OpenAPI operationId and the stem of its schemas' names. */
  readonly name: string;
  readonly endpoint: Endpoint;
}

/** Every declaration, in declaration order. */
export const allEndpoints: readonly DeclaredEndpoint[] = Object.entries(resources).flatMap(
  ([resource, exports]) =>
    Object.entries(exports as Record<string, unknown>)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, endpoint]) => ({ resource, name, endpoint })),
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
