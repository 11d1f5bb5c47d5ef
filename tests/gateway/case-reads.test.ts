import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  markCaseReadResponseSchema,
  unreadCasesResponseSchema,
  type UnreadCasesResponse,
} from '../../contract/case-reads';
import { CASE_NOT_FOUND_MESSAGE, caseListResponseSchema } from '../../contract/cases';
import { machineRecordsResponseSchema } from '../../contract/machines';
import { NORTHFIELD_ID } from '../../gateway/seed/fixed';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { lanes, type TestGateway } from './harness';
import { type CasesClient, expectError, OPEN_TIMEOUT, openCasesGateway } from './cases-support';

const OPEN_CASE = MACHINE_1_CASES.northfieldOpen;
const RIVERBEND_CASE = MACHINE_1_CASES.riverbend;

describe.each(lanes)('unread replies on $name', (lane) => {
  let gw: TestGateway;
  let http: CasesClient;
  let dana: string;
  let eli: string;
  let sam: string;
  let ada: string;

  beforeAll(async () => {
    ({ gw, http, dana, eli, sam, ada } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const unread = async (cookie: string): Promise<UnreadCasesResponse> => {
    const res = await http.get('/api/v1/cases/unread', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return unreadCasesResponseSchema.parse(res.json());
  };
  const unreadIds = async (cookie: string) => (await unread(cookie)).cases.map((c) => c.id);
  const markRead = (id: string, cookie: string, readAt = new Date().toISOString(), key?: string) =>
    http.post(`/api/v1/cases/${id}/read`, cookie, { readAt }, key ?? randomUUID());
  /** The case's row in one list as `cookie` sees it. */
  const rowIn = async (url: string, cookie: string, id: string) => {
    const res = await http.get(url, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as object;
    const rows = 'records' in body ? machineRecordsResponseSchema.parse(body).records : [];
    const cases = 'cases' in body ? caseListResponseSchema.parse(body).cases : rows;
    return cases.find((c) => c.id === id);
  };
  const dealerRow = (cookie: string, id: string) => rowIn('/api/v1/cases?limit=500', cookie, id);
  const orgRow = (cookie: string, id: string) =>
    rowIn(`/api/v1/organisations/${NORTHFIELD_ID}/cases?limit=500`, cookie, id);
  const machineRow = (cookie: string, id: string) =>
    rowIn('/api/v1/machines/cases?model=M7-172&serial=52016', cookie, id);
  const reply = (cookie: string, body: string) =>
    http.post(`/api/v1/cases/${OPEN_CASE}/feed`, cookie, { body }, randomUUID());

  it('counts a case with the TSC’s entries unread until its viewer opens it, per user', async () => {
    // The seeded thread has the TSC's replies and dana has never opened the case.
    const before = await unread(dana);
    expect(before.cases.map((c) => c.id)).toContain(OPEN_CASE);
    expect(before.count).toBe(before.cases.length);
    // The count is the dealer list's unread rows.
    const list = caseListResponseSchema.parse(
      (await http.get('/api/v1/cases?limit=500', dana)).json(),
    );
    expect(list.next).toBeNull();
    expect(list.cases.filter((c) => c.unread).length).toBe(before.count);
    expect((await dealerRow(dana, OPEN_CASE))?.unread).toBe(true);
    expect((await machineRow(dana, OPEN_CASE))?.unread).toBe(true);
    expect((await orgRow(sam, OPEN_CASE))?.unread).toBe(true);

    const res = await markRead(OPEN_CASE, dana);
    expect(res.statusCode, res.body).toBe(200);
    expect(markCaseReadResponseSchema.parse(res.json()).id).toBe(OPEN_CASE);

    const after = await unread(dana);
    expect(after.cases.map((c) => c.id)).not.toContain(OPEN_CASE);
    expect(after.count).toBe(before.count - 1);
    expect((await dealerRow(dana, OPEN_CASE))?.unread).toBe(false);
    expect((await machineRow(dana, OPEN_CASE))?.unread).toBe(false);
    // Read for dana only: sam, who sees every dealer's cases, has not opened it.
    expect((await orgRow(sam, OPEN_CASE))?.unread).toBe(true);
  });

  it('makes the case unread again on someone else’s reply, not on the viewer’s own', async () => {
    expect((await markRead(OPEN_CASE, dana)).statusCode).toBe(200);
    expect((await reply(dana, `Checked the hose again ${randomUUID()}`)).statusCode).toBe(201);
    expect(await unreadIds(dana)).not.toContain(OPEN_CASE);
    expect((await dealerRow(dana, OPEN_CASE))?.unread).toBe(false);

    expect((await markRead(OPEN_CASE, ada)).statusCode).toBe(200);
    expect(
      (await reply(ada, `Please send a photo of the fitting ${randomUUID()}`)).statusCode,
    ).toBe(201);
    const again = await unread(dana);
    expect(again.cases[0]?.id).toBe(OPEN_CASE);
    expect((await dealerRow(dana, OPEN_CASE))?.unread).toBe(true);
    expect((await machineRow(dana, OPEN_CASE))?.unread).toBe(true);
    // Ada's own reply does not count for her.
    expect((await orgRow(ada, OPEN_CASE))?.unread).toBe(false);

    // Dana's own later entry, posted without opening the case, does not read it for her: ada's
    // reply is still newer than her mark, and stays the case's latest reply.
    const adaReplyAt = again.cases[0]!.latestReplyAt;
    expect((await reply(dana, `Will send it tomorrow ${randomUUID()}`)).statusCode).toBe(201);
    expect((await unread(dana)).cases[0]).toEqual({ id: OPEN_CASE, latestReplyAt: adaReplyAt });
    expect((await dealerRow(dana, OPEN_CASE))?.unread).toBe(true);
    expect((await orgRow(ada, OPEN_CASE))?.unread).toBe(true);
  });

  it('applies a mark once per key, never moves it back and never into the future', async () => {
    const key = randomUUID();
    const openedAt = new Date().toISOString();
    const first = await markRead(OPEN_CASE, dana, openedAt, key);
    expect(first.statusCode, first.body).toBe(200);
    // The outbox sends the same write again when it never heard the answer.
    const replayed = await markRead(OPEN_CASE, dana, openedAt, key);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(first.json());
    const kept = markCaseReadResponseSchema.parse(first.json()).readAt;

    // A device that opened the case earlier sends its mark late: the later one stays.
    const late = await markRead(OPEN_CASE, dana, '2020-01-01T00:00:00.000Z');
    expect(markCaseReadResponseSchema.parse(late.json()).readAt).toBe(kept);
    expect(await unreadIds(dana)).not.toContain(OPEN_CASE);

    // A clock far ahead does not hide the replies still to come.
    const future = await markRead(OPEN_CASE, dana, '2999-01-01T00:00:00.000Z');
    expect(Date.parse(markCaseReadResponseSchema.parse(future.json()).readAt)).toBeLessThanOrEqual(
      Date.now(),
    );
    expect((await reply(sam, `Part shipped ${randomUUID()}`)).statusCode).toBe(201);
    expect(await unreadIds(dana)).toContain(OPEN_CASE);
  });

  it('answers 404 for another dealer’s case and keeps organisations apart', async () => {
    const eliBefore = await unread(eli);
    expectError(await markRead(RIVERBEND_CASE, dana), 404, CASE_NOT_FOUND_MESSAGE);
    expectError(await markRead('500000000000000999', dana), 404, CASE_NOT_FOUND_MESSAGE);
    // Nothing of another organisation is counted or marked.
    expect(await unreadIds(dana)).not.toContain(RIVERBEND_CASE);
    expect(await unreadIds(eli)).not.toContain(OPEN_CASE);
    expect(await unread(eli)).toEqual(eliBefore);
    const rows = await gw.started.db.kysely
      .selectFrom('case_reads')
      .select('user_id')
      .where('case_id', '=', RIVERBEND_CASE)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a malformed mark and a caller without a session', async () => {
    expectError(await markRead(OPEN_CASE, dana, 'yesterday'), 400);
    expectError(await http.post(`/api/v1/cases/${OPEN_CASE}/read`, dana, {}, randomUUID()), 400);
    expectError(await markRead(OPEN_CASE, ''), 401);
    expectError(await http.get('/api/v1/cases/unread', null), 401);
  });
});
