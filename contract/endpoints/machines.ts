import { z } from 'zod/mini';
import { endpoint } from '../endpoint';
import {
  customerSearchQuerySchema,
  customerSearchResponseSchema,
  fieldPackQuerySchema,
  fieldPackResponseSchema,
  machineLookupQuerySchema,
  machineLookupResponseSchema,
  machineRecordsQuerySchema,
  machineRecordsResponseSchema,
  modelTypeaheadQuerySchema,
  modelTypeaheadResponseSchema,
} from '../machines';

/*
 * product §2/§7 machine search, detail, list and "Prepare for the field". Reports are for
 * internal users only (product §6); cases are filtered to the dealer's own organisation.
 */

export const lookupMachine = endpoint({
  method: 'GET',
  path: '/api/v1/machines/lookup',
  summary: 'One machine by serial, model or PIN (SearchInventory); 404 when not found',
  access: 'user',
  scope: 'public',
  query: machineLookupQuerySchema,
  responses: { 200: machineLookupResponseSchema },
});

export const searchModels = endpoint({
  method: 'GET',
  path: '/api/v1/machines/models',
  summary: 'The model typeahead (SearchModel)',
  access: 'user',
  scope: 'public',
  query: modelTypeaheadQuerySchema,
  responses: { 200: modelTypeaheadResponseSchema },
});

export const searchCustomers = endpoint({
  method: 'GET',
  path: '/api/v1/machines/customers',
  summary: 'Machines by customer (at most 500)',
  access: 'user',
  scope: 'public',
  query: customerSearchQuerySchema,
  responses: { 200: customerSearchResponseSchema },
});

export const machineCases = endpoint({
  method: 'GET',
  path: '/api/v1/machines/cases',
  summary: "A machine's cases, of the caller's organisation",
  access: 'user',
  scope: 'organisation',
  query: machineRecordsQuerySchema,
  responses: { 200: machineRecordsResponseSchema },
});

export const machineReports = endpoint({
  method: 'GET',
  path: '/api/v1/machines/reports',
  summary: "A machine's reports (internal users only)",
  access: 'internal',
  scope: 'organisation',
  query: machineRecordsQuerySchema,
  responses: { 200: machineRecordsResponseSchema },
});

export const fieldPackPage = endpoint({
  method: 'GET',
  path: '/api/v1/machines/field-pack',
  summary: "One page of a dealer's machines with their details (Prepare for the field)",
  access: 'user',
  scope: 'organisation',
  query: fieldPackQuerySchema,
  responses: { 200: fieldPackResponseSchema },
});

export const machineIcon = endpoint({
  method: 'GET',
  path: '/api/v1/machine-icons/:file',
  summary: "A machine model's icon (SVG; cached a week)",
  access: 'user',
  scope: 'public',
  params: z.object({ file: z.string().check(z.maxLength(80)) }),
  responses: { 200: null },
  content: 'image/svg+xml',
});
