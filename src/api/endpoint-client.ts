import '../../contract/zod-without-eval';
import { safeParse, type $ZodType, type input, type output } from 'zod/v4/core';
import { pathOf, type Endpoint, type PathArgs } from '../../contract/endpoint';
import {
  type AnswerReader,
  apiRequest,
  apiRequestIfChanged,
  apiSend,
  type ConditionalAnswer,
  type RequestOptions,
} from './client';

/*
 * The PWA's calls, typed by the endpoint's declaration in contract/endpoints/: the path comes
 * from the declaration with the call's parameters filled in, the body must be what the
 * declaration accepts and the answer is parsed with the schema it declares.
 */

/** The schema of an endpoint's successful answer with a body (200, else 201). */
export type AnswerSchema<E extends Endpoint> = E['responses'] extends {
  200: infer S extends $ZodType;
}
  ? S
  : E['responses'] extends { 201: infer S extends $ZodType }
    ? S
    : never;
export type Answer<E extends Endpoint> = output<AnswerSchema<E>>;

/** What one call of E carries besides the path: its parameters, query and body. */
export type CallInput<E extends Endpoint> = (PathArgs<E> extends []
  ? { params?: undefined }
  : { params: PathArgs<E>[0] }) &
  (E['body'] extends $ZodType ? { body: input<E['body']> } : { body?: FormData }) &
  Omit<RequestOptions, 'method' | 'body'>;

export function answerSchema<E extends Endpoint>(declaration: E): AnswerSchema<E> {
  const schema = declaration.responses[200] ?? declaration.responses[201];
  if (!schema) throw new Error(`${declaration.method} ${declaration.path} answers no body`);
  return schema as AnswerSchema<E>;
}

/** Reads an answer with its declared schema (core's safeParse takes zod/mini schemas too). */
function readerOf<E extends Endpoint>(declaration: E): AnswerReader<Answer<E>> {
  const schema = answerSchema(declaration);
  return (body) => {
    const parsed = safeParse(schema, body);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: parsed.error };
  };
}

/** The URL path of a call of this endpoint. */
export function pathTo<E extends Endpoint>(declaration: E, ...args: PathArgs<E>): string {
  return pathOf(declaration, ...args);
}

function optionsOf<E extends Endpoint>(declaration: E, call: CallInput<E>) {
  const { params, ...rest } = call as CallInput<E> & { params?: Record<string, string> };
  const path = pathOf(declaration, ...([params] as unknown as PathArgs<E>));
  return { path, options: { ...rest, method: declaration.method } as RequestOptions };
}

/** Calls the endpoint and resolves with its parsed answer (errors as apiRequest). */
export function callApi<E extends Endpoint>(
  declaration: E,
  call: CallInput<E>,
): Promise<Answer<E>> {
  const { path, options } = optionsOf(declaration, call);
  return apiRequest(path, { ...options, reader: readerOf(declaration) });
}

/** A read kept with its ETag: `unchanged` when the gateway answers 304. */
export function callApiIfChanged<E extends Endpoint>(
  declaration: E,
  call: CallInput<E> & { etag: string | null },
): Promise<ConditionalAnswer<Answer<E>>> {
  const { path, options } = optionsOf(declaration, call);
  return apiRequestIfChanged(path, {
    ...options,
    etag: call.etag,
    reader: readerOf(declaration),
  });
}

/** Sends a call whose answer carries nothing to keep (204, or an answer the caller ignores). */
export function sendApi<E extends Endpoint>(declaration: E, call: CallInput<E>): Promise<void> {
  const { path, options } = optionsOf(declaration, call);
  return apiSend(path, options);
}
