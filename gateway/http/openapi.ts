import { registry, safeParse, toJSONSchema, type $ZodType } from 'zod/v4/core';
import type { Endpoint } from '../../contract/endpoint';
import type { DeclaredEndpoint } from '../../contract/endpoints/index';
import { apiErrorSchema } from '../../contract/errors';
import { errorAnswersOf } from './openapi-errors';

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

const COMPONENTS = '#/components/schemas/';

/**
 * The request bodies and answers as named component schemas, so a generated client has type
 * names: each is named after the first endpoint that declares it (`listCases` answers a
 * `ListCasesResponse`), and an endpoint declaring the same schema refers to that one. Requests
 * are written as they are accepted and answers as they are sent (transforms and defaults
 * differ), hence two registries.
 */
class Components {
  private readonly requests = registry<{ id: string }>();
  private readonly responses = registry<{ id: string }>();

  /** A `$ref` to the schema, registered under `id` unless it is registered already. */
  ref(schema: $ZodType, io: 'input' | 'output', id: string): JsonSchema {
    const names = io === 'input' ? this.requests : this.responses;
    if (!names.has(schema)) names.add(schema, { id });
    return { $ref: `${COMPONENTS}${names.get(schema)!.id}` };
  }

  schemas(): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const [names, io] of [
      [this.requests, 'input'],
      [this.responses, 'output'],
    ] as const) {
      const { schemas } = toJSONSchema(names, {
        target: 'draft-2020-12',
        io,
        unrepresentable: 'any',
        uri: (id) => `${COMPONENTS}${id}`,
      });
      for (const [id, schema] of Object.entries(schemas)) {
        const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
        out[id] = rest;
      }
    }
    return out;
  }
}

/** `listCases` → `ListCases`: the stem of an operation's schema names. */
function typeName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
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
function requestBodyOf(e: Endpoint, body: (schema: $ZodType) => JsonSchema) {
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
      content: { 'application/json': { schema: body(e.body) } },
    },
  };
}

/** The session: the browser's httpOnly cookie, or the token an API client asked for. */
const securitySchemes = (sessionCookie: string) => ({
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookie,
    description: 'The session cookie POST /api/v1/auth/session sets (browsers).',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The session token POST /api/v1/auth/session answers to a client sending `X-Torque-Client: api` (non-browser clients).',
  },
});
const SIGNED_IN = [{ sessionCookie: [] }, { bearer: [] }];

function operationOf(
  { resource, name, endpoint: e }: DeclaredEndpoint,
  components: Components,
  rateLimited: boolean,
) {
  const stem = typeName(name);
  const responses: Record<string, unknown> = {};
  let answers = 0;
  for (const [status, schema] of Object.entries(e.responses)) {
    // The first answer with a body is `<Name>Response`; another with a schema of its own
    // (rare) gets its status too.
    const id = answers++ === 0 ? `${stem}Response` : `${stem}Response${status}`;
    responses[status] = schema
      ? {
          description: e.summary,
          content: { 'application/json': { schema: components.ref(schema, 'output', id) } },
        }
      : e.content && status.startsWith('2')
        ? {
            description: e.summary,
            content: { [e.content]: { schema: { type: 'string', format: 'binary' } } },
          }
        : { description: status === '304' ? 'Not modified' : 'No content' };
  }
  const error = {
    'application/json': { schema: components.ref(apiErrorSchema, 'output', 'ApiError') },
  };
  for (const [status, when] of Object.entries(errorAnswersOf(e, rateLimited))) {
    responses[status] = {
      description: `${when.charAt(0).toUpperCase()}${when.slice(1)}.`,
      content: error,
    };
  }
  responses.default = { description: 'A fault of the gateway (500)', content: error };
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
    operationId: name,
    tags: [resource],
    summary: e.summary,
    description: `Who may call it: ${ACCESS_TEXT[e.access]}. Records: ${SCOPE_TEXT[e.scope]}.${
      e.idempotent ? ' Applied once per Idempotency-Key.' : ''
    }`,
    security: e.access === 'anonymous' ? [] : SIGNED_IN,
    'x-access': e.access,
    'x-scope': e.scope,
    ...(e.idempotent ? { 'x-idempotent': true } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBodyOf(e, (schema) => components.ref(schema, 'input', `${stem}Request`)),
    responses,
  };
}

/** The document of these declarations. */
export function openApiDocument(
  endpoints: readonly DeclaredEndpoint[],
  {
    sessionCookie,
    rateLimited = () => false,
  }: {
    /** The name of the session cookie. */
    sessionCookie: string;
    /** Whether the route of a declaration is limited per user (gateway/http/route.ts). */
    rateLimited?: (e: Endpoint) => boolean;
  },
) {
  const components = new Components();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const declared of endpoints) {
    const { endpoint } = declared;
    const item = (paths[openApiPath(endpoint.path)] ??= {});
    item[endpoint.method.toLowerCase()] = operationOf(declared, components, rateLimited(endpoint));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Torque gateway',
      version: '1',
      description:
        'The API of the Torque PWA. Sessions are an httpOnly cookie set by POST /api/v1/auth/session; a client sending `X-Torque-Client: api` there also gets the token, to send as `Authorization: Bearer`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: the gateway that served this document, whatever name it was reached at.
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
    paths,
    components: { schemas: components.schemas(), securitySchemes: securitySchemes(sessionCookie) },
  };
}
