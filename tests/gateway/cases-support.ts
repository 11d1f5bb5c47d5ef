import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { caseFeedResponseSchema } from '../../contract/cases';
import { apiErrorSchema } from '../../contract/errors';
import { openGateway, type Lane, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

/** Seeding a fresh database (feeds with drawn photos included) on a loaded machine. */
export const OPEN_TIMEOUT = 300_000;

export const SAM = 'sam.staff@torque.example';
export const DANA = 'dana.tech@northfield.example';
export const ELI = 'eli.tech@riverbend.example';
export const ADA = 'ada.admin@torque.example';

type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

export function expectError(res: Answer, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  if (message) expect(body.message).toBe(message);
  return body;
}

/** A multipart/form-data body with one part named `field`, as a browser's FormData sends it. */
export function multipart(
  bytes: Buffer,
  filename: string,
  contentType: string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----torque-test-boundary-7d3f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Helpers bound to one gateway: GET and POST with a session cookie and optional key, and a
 * case's feed as the user sees it.
 */
export function client(app: FastifyInstance) {
  const get = (url: string, cookie: string | null, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  return {
    get,
    feed: async (caseId: string, cookie: string) => {
      const res = await get(`/api/v1/cases/${caseId}/feed`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return caseFeedResponseSchema.parse(res.json()).items;
    },
    post: (url: string, cookie: string | null, payload: unknown, key?: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: payload as object,
      }),
    upload: (
      caseId: string,
      cookie: string,
      file: { payload: Buffer; headers: Record<string, string> },
      key?: string,
    ) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/cases/${caseId}/files`,
        headers: {
          cookie,
          ...(key ? { 'idempotency-key': key } : {}),
          ...file.headers,
        },
        payload: file.payload,
      }),
  };
}

export type CasesClient = ReturnType<typeof client>;

/** A gateway on `lane` with its client and a session for each demo user the cases suites use. */
export async function openCasesGateway(lane: Lane) {
  const gw: TestGateway = await openGateway(lane);
  const [dana, eli, sam, ada] = await Promise.all(
    [DANA, ELI, SAM, ADA].map((email) => signIn(gw.app, email)),
  );
  return { gw, http: client(gw.app), dana: dana!, eli: eli!, sam: sam!, ada: ada! };
}
