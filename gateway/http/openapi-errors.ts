import type { Endpoint } from '../../contract/endpoint';

/*
 * The error answers an endpoint can give, read from its declaration: who may call it, whose
 * records it answers with, what it takes, whether it is applied once per key or limited per
 * user. What only the handler knows (a Report's layout refused to an external user) the
 * declaration lists in `errors`. Anything else (a fault: 500) is the document's `default`.
 */

/** Status → when it is answered; several causes of one status are joined. */
export type ErrorAnswers = Record<number, string>;

function add(answers: ErrorAnswers, status: number, when: string): void {
  answers[status] = answers[status] ? `${answers[status]}; ${when}` : when;
}

/** What the endpoint may answer besides its declared responses, by status. */
export function errorAnswersOf(e: Endpoint, rateLimited: boolean): ErrorAnswers {
  const answers: ErrorAnswers = {};
  if (e.params || e.query || e.body || e.upload) {
    add(answers, 400, 'the input does not match the declared schema (the message names the field)');
  }
  if (e.idempotent) add(answers, 400, 'the Idempotency-Key is malformed');
  // gateway/http/edge.ts checks every request's query string, declared or not.
  add(answers, 400, 'the query string holds characters that cannot be stored (a NUL)');
  if (e.access !== 'anonymous') add(answers, 401, 'no session, or it has ended: sign in again');
  if (e.access === 'internal') add(answers, 403, 'the caller is not an internal (staff) user');
  if (e.access === 'admin') add(answers, 403, 'the caller is not an administrator');
  if (e.method !== 'GET') add(answers, 403, 'the browser says the request comes from another site');
  if (e.scope === 'organisation') {
    add(answers, 404, "no such record, or another dealer's (answered as if it did not exist)");
  } else if (e.params) {
    add(answers, 404, 'no such record');
  }
  if (e.idempotent) {
    add(answers, 409, 'the Idempotency-Key was used by another user');
    add(answers, 422, 'the Idempotency-Key was used for a different request');
  }
  if (e.body) add(answers, 413, 'the body is larger than 1 MB');
  if (e.upload) {
    add(answers, 413, 'the file is larger than its type allows');
    add(answers, 415, 'the file is not of a type cases take');
  }
  if (e.method !== 'GET') {
    add(answers, 421, "sent to another host name than the gateway's public address");
  }
  if (rateLimited) {
    add(answers, 429, "the caller's requests of this kind are over the limit (see Retry-After)");
  }
  if (e.database !== false) {
    add(answers, 503, 'the database cannot be reached at the moment (see Retry-After)');
  }
  for (const [status, when] of Object.entries(e.errors ?? {})) add(answers, Number(status), when);
  // Declared answers (a health check's 503) are not errors to list twice.
  for (const status of Object.keys(e.responses)) delete answers[Number(status)];
  return answers;
}
