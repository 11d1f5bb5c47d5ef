import { safeParse, toJSONSchema, type $ZodType } from 'zod/v4/core';
import type { Endpoint } from '../../contract/endpoint';
import { apiErrorSchema } from '../../contract/errors';

/*
 * The OpenAPI 3.1 document, made from the declarations in contract/endpoints/ (the same ones
 * the handlers are registered against): what an integrator connecting a CRM reads.
 * tests/gateway/openapi.test.ts fails when a registered route is missing from it or differs.
 */

type JsonSchema = Record<string, unknown>;

/** JSON Schema draft 2020-12, OpenAPI 3.1's dialect; transforms show as what they accept. */
function jsonSchema(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** `/api/v1/predictions/:id` as OpenAPI writes it: `/api/v1/predictions/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

/** One OpenAPI parameter per property of an object schema (path parameters or the query). */
function parametersOf(schema: $ZodType | undefined, where: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  anonymous: 'anyone, no session needed',
  user: 'any signed-in user',
  internal: 'internal (staff) users only',
  admin: 'administrators only',
};
const SCOPE_TEXT: Record<Endpoint['scope'], string> = {
  public: 'the same answer for every caller',
  caller: "only the caller's own records",
  organisation: "only the caller's organisation's records (another dealer's answer 404)",
};

/** The JSON body, or the multipart form of an upload (one file in the part it names). */
function requestBodyOf(e: Endpoint) {
  if (e.upload) {
    const { part } = e.upload;
    const form = {
      type: 'object',
      properties: { [part]: { type: 'string', format: 'binary' } },
      required: [part],
    };
    return {
      requestBody: { required: true, content: { 'multipart/form-data': { schema: form } } },
    };
  }
  if (!e.body) return {};
  return {
    requestBody: {
      // A body the endpoint also takes as absent (a POST that needs nothing) is optional.
      required: !safeParse(e.body, undefined).success,
      content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
    },
  };
}

function operationOf(resource: string, e: Endpoint) {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(e.responses)) {
    responses[status] = schema
      ? {
          description: e.summary,
          content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
        }
      : e.content && status.startsWith('2')
        ? {
            description: e.summary,
            content: { [e.content]: { schema: { type: 'string', format: 'binary' } } },
          }
        : { description: status === '304' ? 'Not modified' : 'No content' };
  }
  responses.default = {
    description: 'An error',
    content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } },
  };
  const parameters = [...parametersOf(e.params, 'path'), ...parametersOf(e.query, 'query')];
  if (e.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
    });
  }
  return {
    tags: [resource],
    summary: e.summary,
    description: `Who may call it: ${ACCESS_TEXT[e.access]}. Records: ${SCOPE_TEXT[e.scope]}.${
      e.idempotent ? ' Applied once per Idempotency-Key.' : ''
    }`,
    'x-access': e.access,
    'x-scope': e.scope,
    ...(e.idempotent ? { 'x-idempotent': true } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBodyOf(e),
    responses,
  };
}

/** The document of these declarations. */
export function openApiDocument(
  endpoints: readonly { resource: string; endpoint: Endpoint }[],
  serverUrl: string,
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { resource, endpoint } of endpoints) {
    const item = (paths[openApiPath(endpoint.path)] ??= {});
    item[endpoint.method.toLowerCase()] = operationOf(resource, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Torque gateway',
      version: '1',
      description:
        'The API of the Torque PWA. Sessions are an httpOnly cookie set by /api/v1/auth/session.',
    },
    servers: [{ url: serverUrl }],
    paths,
  };
}
