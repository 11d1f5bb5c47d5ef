import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsBatchResponseSchema,
  deflectionSummarySchema,
  type AnalyticsEvent,
} from '../../contract/case-create';
import { MACHINE_1 } from '../../gateway/seed/fixed-machines';
import { lanes, type TestGateway } from './harness';
import { type CasesClient, expectError, OPEN_TIMEOUT, openCasesGateway } from './cases-support';

function event(
  wizardId: string,
  type: AnalyticsEvent['type'],
  occurredAt: string,
  over: Partial<AnalyticsEvent> = {},
): AnalyticsEvent {
  return {
    id: randomUUID(),
    wizardId,
    type,
    occurredAt,
    subject: 'Engine stalls under load',
    serialNumber: MACHINE_1.serial,
    modelNumber: MACHINE_1.model,
    dtcCode: 'SPN 157 FMI 1',
    businessUnit: 'USA',
    ...over,
  };
}

describe.each(lanes)('case-assist analytics on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let sam: string;
  let ada: string;
  let http: CasesClient;

  beforeAll(async () => {
    ({ gw, http, dana, sam, ada } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const send = (cookie: string, events: AnalyticsEvent[]) =>
    http.post('/api/v1/case-assist/events', cookie, { events });

  it('records every event once with its context; the summary counts runs per day', async () => {
    const d1 = '2026-10-01T09:00:00Z';
    const d2 = '2026-10-02T15:30:00Z';
    const solved = [
      event('run-a', 'ticket_next_stage', d1, { stage: '2' }),
      event('run-a', 'ticket_field_update', d1, { field: 'Subject' }),
      event('run-a', 'ticket_cancel', d1, { reason: 'Solved', articleId: 'KA-000001' }),
    ];
    const quit = [
      event('run-b', 'ticket_next_stage', d1, { stage: '2' }),
      event('run-b', 'ticket_cancel', d1, { reason: 'Quit' }),
    ];
    const created = [
      event('run-c', 'ticket_next_stage', d2, { stage: '3' }),
      event('run-c', 'ticket_create', d2, { caseId: '500XYZ' }),
    ];
    const first = await send(dana, [...solved, ...quit]);
    expect(first.statusCode, first.body).toBe(202);
    expect(analyticsBatchResponseSchema.parse(first.json())).toEqual({ accepted: 5, recorded: 5 });
    // A background-sync replay of the same batch records nothing new.
    const replay = analyticsBatchResponseSchema.parse((await send(dana, solved)).json());
    expect(replay).toEqual({ accepted: 3, recorded: 0 });
    expect((await send(sam, created)).statusCode).toBe(202);

    const stored = await gw.started.db.kysely
      .selectFrom('case_assist_events')
      .selectAll()
      .where('wizard_id', '=', 'run-a')
      .where('type', '=', 'ticket_cancel')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      subject: 'Engine stalls under load',
      serial_number: MACHINE_1.serial,
      model_number: MACHINE_1.model,
      dtc_code: 'SPN 157 FMI 1',
      business_unit: 'USA',
      reason: 'Solved',
      article_id: 'KA-000001',
    });

    const res = await http.get(
      '/api/v1/admin/case-assist/deflection?from=2026-10-01&to=2026-10-03',
      ada,
    );
    expect(res.statusCode, res.body).toBe(200);
    const summary = deflectionSummarySchema.parse(res.json());
    expect(summary.days).toEqual([
      { date: '2026-10-01', started: 2, solved: 1, cancelled: 1, created: 0 },
      { date: '2026-10-02', started: 1, solved: 0, cancelled: 0, created: 1 },
    ]);
    expect(summary.totals).toEqual({ started: 3, solved: 1, cancelled: 1, created: 1 });
  });

  it('refuses malformed events and keeps the summary for administrators', async () => {
    const at = '2026-10-05T10:00:00Z';
    expectError(await send(dana, [event('r', 'ticket_cancel', at)]), 400);
    expectError(await send(dana, [event('r', 'ticket_create', at, { reason: 'Quit' })]), 400);
    expectError(await send(dana, [event('r', 'ticket_next_stage', 'yesterday')]), 400);
    expectError(await send(dana, []), 400);
    expectError(await send(dana, [{ ...event('r', 'ticket_create', at), id: 'bad id!' }]), 400);
    expectError(await http.get('/api/v1/admin/case-assist/deflection', sam), 403);
    expectError(await http.get('/api/v1/admin/case-assist/deflection', dana), 403);
    expectError(
      await http.get('/api/v1/admin/case-assist/deflection?from=2026-10-05&to=2026-10-01', ada),
      400,
    );
    expectError(
      await http.get('/api/v1/admin/case-assist/deflection?from=2020-01-01&to=2026-10-01', ada),
      400,
    );
    expectError(await http.get('/api/v1/admin/case-assist/deflection?from=10/01/2026', ada), 400);
    const recent = deflectionSummarySchema.parse(
      (await http.get('/api/v1/admin/case-assist/deflection', ada)).json(),
    );
    expect(recent.days).toEqual([]);
  });
});
