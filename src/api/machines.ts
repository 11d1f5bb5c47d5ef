import {
  customerSearchResponseSchema,
  machineLookupResponseSchema,
  machineRecordsResponseSchema,
  modelTypeaheadResponseSchema,
  type CaseSummary,
  type CustomerSearchResponse,
  type MachineDetail,
  type ModelTypeaheadResponse,
} from '../../contract/machines';
import type { CustomerSearchQuery } from '../domain/machine-search';
import { apiRequest } from './client';

/** The machine endpoints of contract/machines.ts. */

export interface MachineLookup {
  serial?: string;
  model?: string;
  pin?: string;
}

/** GET /api/v1/machines/lookup (SearchInventory): 404 when the machine is not found. */
export async function lookupMachine(
  q: MachineLookup,
  signal?: AbortSignal,
): Promise<MachineDetail> {
  const res = await apiRequest('/api/v1/machines/lookup', {
    schema: machineLookupResponseSchema,
    query: { serial: q.serial, model: q.model, pin: q.pin },
    signal,
  });
  return res.machine;
}

/** GET /api/v1/machines/models (SearchModel): the model typeahead. */
export function searchModels(
  q: { model: string; serial: string },
  signal?: AbortSignal,
): Promise<ModelTypeaheadResponse> {
  return apiRequest('/api/v1/machines/models', {
    schema: modelTypeaheadResponseSchema,
    query: { model: q.model.trim(), serial: q.serial.trim() },
    signal,
  });
}

/** GET /api/v1/machines/customers: customer search (limit 500). */
export function searchCustomers(
  q: CustomerSearchQuery,
  signal?: AbortSignal,
): Promise<CustomerSearchResponse> {
  return apiRequest('/api/v1/machines/customers', {
    schema: customerSearchResponseSchema,
    query: { ...q },
    signal,
  });
}

/** GET /api/v1/machines/cases or /reports (reports: internal users only, 403 for others). */
export async function machineRecords(
  kind: 'cases' | 'reports',
  q: { serial: string; model: string },
  signal?: AbortSignal,
): Promise<CaseSummary[]> {
  const res = await apiRequest(`/api/v1/machines/${kind}`, {
    schema: machineRecordsResponseSchema,
    query: { serial: q.serial, model: q.model },
    signal,
  });
  return res.records;
}
