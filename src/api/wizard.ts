import {
  PARTS_CATALOGUE_TIMEOUT_MS,
  type AnalyticsBatch,
  type CaseAssistQuery,
  type DtcCode,
  type PartsCatalogueResponse,
} from '../../contract/case-create';
import type { SearchResult } from '../../contract/knowledge';
import type { LookupRecord, PicklistsResponse, RecordType } from '../../contract/cases';
import * as caseAssist from '../../contract/endpoints/case-assist';
import * as cases from '../../contract/endpoints/cases';
import * as catalogue from '../../contract/endpoints/parts-catalogue';
import { callApi, sendApi } from './endpoint-client';

/** The wizard's endpoints (contract/endpoints/); every answer is parsed here. */

export async function getRecordTypes(signal?: AbortSignal): Promise<RecordType[]> {
  return (await callApi(cases.getRecordTypes, { signal })).recordTypes;
}

export async function getPicklists(
  recordTypeId: string,
  signal?: AbortSignal,
): Promise<PicklistsResponse> {
  return callApi(cases.getPicklists, { params: { recordTypeId }, signal });
}

/** Typeahead of a reference field (accounts, contacts of an account). */
export async function lookup(
  field: string,
  q: string,
  accountId: string | undefined,
  signal?: AbortSignal,
): Promise<LookupRecord[]> {
  return (
    await callApi(cases.lookupRecords, {
      params: { field },
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
    await callApi(caseAssist.getCaseAssist, {
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
    await callApi(catalogue.getDtcCodes, {
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
  return callApi(catalogue.getPartsCatalogue, {
    query: { model },
    signal: both,
  });
}

/**
 * Case-assist analytics, fire-and-forget (product §4 Wizard): the service worker queues a
 * batch the network cannot take (sw/analytics.ts); here a failure is simply let go.
 */
export function sendWizardEvents(batch: AnalyticsBatch): void {
  void sendApi(caseAssist.recordCaseAssistEvents, { body: batch }).catch(() => undefined);
}
