import * as machines from '../../contract/endpoints/machines';
import type {
  CaseSummary,
  CustomerSearchResponse,
  MachineDetail,
  ModelTypeaheadResponse,
} from '../../contract/machines';
import type { CustomerSearchQuery } from '../domain/machine-search';
import { callApi } from './endpoint-client';

/** The machine endpoints of contract/endpoints/machines.ts. */

export interface MachineLookup {
  serial?: string;
  model?: string;
  pin?: string;
}

/** SearchInventory: 404 when the machine is not found. */
export async function lookupMachine(
  q: MachineLookup,
  signal?: AbortSignal,
): Promise<MachineDetail> {
  const res = await callApi(machines.lookupMachine, {
    query: { serial: q.serial, model: q.model, pin: q.pin },
    signal,
  });
  return res.machine;
}

/** SearchModel: the model typeahead. */
export function searchModels(
  q: { model: string; serial: string },
  signal?: AbortSignal,
): Promise<ModelTypeaheadResponse> {
  return callApi(machines.searchModels, {
    query: { model: q.model.trim(), serial: q.serial.trim() },
    signal,
  });
}

/** Customer search (limit 500). */
export function searchCustomers(
  q: CustomerSearchQuery,
  signal?: AbortSignal,
): Promise<CustomerSearchResponse> {
  return callApi(machines.searchCustomers, {
    query: { ...q },
    signal,
  });
}

/** A machine's cases or reports (reports: internal users only, 403 for others). */
export async function machineRecords(
  kind: 'cases' | 'reports',
  q: { serial: string; model: string },
  signal?: AbortSignal,
): Promise<CaseSummary[]> {
  const res = await callApi(kind === 'cases' ? machines.machineCases : machines.machineReports, {
    query: { serial: q.serial, model: q.model },
    signal,
  });
  return res.records;
}
