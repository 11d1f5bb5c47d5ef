import {
  caseAssistResponseSchema,
  dtcCodesResponseSchema,
  partsCatalogueResponseSchema,
  PARTS_CATALOGUE_TIMEOUT_MS,
  type AnalyticsBatch,
  type CaseAssistQuery,
  type DtcCode,
  type PartsCatalogueResponse,
} from '../../contract/case-create';
import type { SearchResult } from '../../contract/knowledge';
import {
  lookupResponseSchema,
  picklistsResponseSchema,
  recordTypesResponseSchema,
  type LookupRecord,
  type PicklistsResponse,
  type RecordType,
} from '../../contract/cases';
import { apiRequest, apiSend } from './client';

/** The wizard's endpoints (contract/case-create.ts); every answer is parsed here. */

const seg = encodeURIComponent;

export const wizardPaths = {
  createCase: () => '/api/v1/cases',
  createContact: () => '/api/v1/contacts',
  events: () => '/api/v1/case-assist/events',
};

export async function getRecordTypes(signal?: AbortSignal): Promise<RecordType[]> {
  return (
    await apiRequest('/api/v1/cases/record-types', { schema: recordTypesResponseSchema, signal })
  ).recordTypes;
}

export async function getPicklists(
  recordTypeId: string,
  signal?: AbortSignal,
): Promise<PicklistsResponse> {
  return apiRequest(`/api/v1/cases/picklists/${seg(recordTypeId)}`, {
    schema: picklistsResponseSchema,
    signal,
  });
}

/** Typeahead of a reference field (accounts, contacts of an account). */
export async function lookup(
  field: string,
  q: string,
  accountId: string | undefined,
  signal?: AbortSignal,
): Promise<LookupRecord[]> {
  return (
    await apiRequest(`/api/v1/cases/lookups/${seg(field)}`, {
      schema: lookupResponseSchema,
      query: { q, AccountId: accountId },
      signal,
    })
  ).records;
}

/** Step 2: up to 6 articles for what the user typed. */
export async function getCaseAssist(
  query: CaseAssistQuery,
  signal?: AbortSignal,
): Promise<SearchResult[]> {
  return (
    await apiRequest('/api/v1/case-assist', {
      schema: caseAssistResponseSchema,
      query: {
        subject: query.subject,
        dtc: query.dtc,
        serial: query.serial,
        model: query.model,
        businessUnit: query.businessUnit,
      },
      signal,
    })
  ).results;
}

export async function getDtcCodes(model: string, signal?: AbortSignal): Promise<DtcCode[]> {
  return (
    await apiRequest('/api/v1/machines/dtc-codes', {
      schema: dtcCodesResponseSchema,
      query: { model },
      signal,
    })
  ).codes;
}

/** Step 3: the model's assembly tree; gives up after 10 s (product §7). */
export async function getPartsCatalogue(
  model: string,
  signal?: AbortSignal,
): Promise<PartsCatalogueResponse> {
  const limit = AbortSignal.timeout(PARTS_CATALOGUE_TIMEOUT_MS);
  const both = signal ? AbortSignal.any([signal, limit]) : limit;
  return apiRequest('/api/v1/parts-catalogue', {
    schema: partsCatalogueResponseSchema,
    query: { model },
    signal: both,
  });
}

/**
 * Case-assist analytics, fire-and-forget (product §4 Wizard): the service worker queues a
 * batch the network cannot take (sw/analytics.ts); here a failure is simply let go.
 */
export function sendWizardEvents(batch: AnalyticsBatch): void {
  void apiSend(wizardPaths.events(), { method: 'POST', body: batch }).catch(() => undefined);
}
