import { z } from 'zod/mini';
import { endpoint } from '../endpoint';
import { healthSchema } from '../errors';

/** The OpenAPI 3.1 document of every endpoint, made from these declarations. */
export const getOpenApiDocument = endpoint({
  method: 'GET',
  path: '/api/v1/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document',
  access: 'anonymous',
  scope: 'public',
  responses: {
    200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
  },
  database: false,
});

/** 200 when the gateway can serve data; 503 (with Retry-After) while its database cannot. */
export const getHealth = endpoint({
  method: 'GET',
  path: '/api/v1/health',
  summary: 'Whether the gateway and its database are up',
  access: 'anonymous',
  scope: 'public',
  responses: { 200: healthSchema, 503: healthSchema },
});
