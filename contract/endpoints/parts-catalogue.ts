import { endpoint } from '../endpoint';
import {
  bookIdsResponseSchema,
  dtcCodesQuerySchema,
  dtcCodesResponseSchema,
  partsCatalogueQuerySchema,
  partsCatalogueResponseSchema,
} from '../case-create';

/* product §4 Wizard step 3 and the DTC field: a model's parts and fault codes. */

export const getDtcCodes = endpoint({
  method: 'GET',
  path: '/api/v1/machines/dtc-codes',
  summary: "A model's diagnostic trouble codes",
  access: 'user',
  scope: 'public',
  query: dtcCodesQuerySchema,
  responses: { 200: dtcCodesResponseSchema },
});

export const getBookIds = endpoint({
  method: 'GET',
  path: '/api/v1/parts-catalogue/book-ids',
  summary: "A model's parts book ids",
  access: 'user',
  scope: 'public',
  query: partsCatalogueQuerySchema,
  responses: { 200: bookIdsResponseSchema },
});

export const getPartsCatalogue = endpoint({
  method: 'GET',
  path: '/api/v1/parts-catalogue',
  summary: "A model's assembly tree",
  access: 'user',
  scope: 'public',
  query: partsCatalogueQuerySchema,
  responses: { 200: partsCatalogueResponseSchema },
  errors: { 504: 'the catalogue took longer than 10 seconds' },
});
