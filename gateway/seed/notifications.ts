import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_USERS, NORTHFIELD_ID, RIVERBEND_ID } from './fixed';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Divisions and contract series the demo contacts carry (product §3 dashboard filters). */
const DIVISIONS = ['AG', 'CE', 'HAY'];
const SERIES = ['M7', 'T7', 'T8', 'MAGNUM', 'PUMA', 'SV'];

/** A demo user's contact id by username. */
function contactOf(username: string): string {
  return DEMO_USERS.find((u) => u.username === username)!.contact.id;
}

/**
 * Demo data of product §2 Messages and Notification dashboard: divisions and contract series
 * on every contact (a deterministic spread), dana and eli in known ones, earlier broadcasts
 * for History, and messages of every type in each demo user's list.
 */
export async function seedNotifications(trx: Transaction<Database>): Promise<void> {
  await sql`
    UPDATE contacts SET
      division = (${DIVISIONS}::text[])[1 + abs(hashtext(id)) % ${DIVISIONS.length}],
      contract_series = ARRAY[
        (${SERIES}::text[])[1 + abs(hashtext(id || 's1')) % ${SERIES.length}],
        (${SERIES}::text[])[1 + abs(hashtext(id || 's2')) % ${SERIES.length}]
      ]`.execute(trx);
  const fixed: [string, string, string[]][] = [
    ['dana.tech@northfield.example', 'AG', ['M7', 'T7']],
    ['eli.tech@riverbend.example', 'CE', ['SV']],
    ['sam.staff@torque.example', 'AG', ['MAGNUM']],
    ['ada.admin@torque.example', 'AG', ['MAGNUM']],
    ['olga.oem@torque.example', 'HAY', ['PUMA']],
  ];
  for (const [username, division, series] of fixed) {
    await trx
      .updateTable('contacts')
      .set({ division, contract_series: series })
      .where('id', '=', contactOf(username))
      .execute();
  }

  const now = Date.now();
  const ada = DEMO_USERS.find((u) => u.isAdmin)!.id;
  const broadcasts = [
    {
      id: 'demo-broadcast-1',
      title: 'New bulletin for M7 tractors',
      body: 'Service bulletin SB-M7-114 on the front axle is out.',
      conditionals: [{ field: 'Contract_Series__c', operator: 'Includes', value: 'M7' }],
      at: now - 3 * HOUR_MS,
    },
    {
      id: 'demo-broadcast-2',
      title: 'Recall check',
      body: 'Please check the hydraulic hose routing on the machines in for service.',
      conditionals: [{ field: 'Division__c', operator: 'Equals', value: 'AG' }],
      at: now - 4 * DAY_MS,
    },
    {
      id: 'demo-broadcast-3',
      title: 'Welcome to push notifications',
      body: 'Messages from the support centre now reach your phone.',
      conditionals: [],
      at: now - 62 * DAY_MS,
    },
  ];
  for (const b of broadcasts) {
    await trx
      .insertInto('broadcasts')
      .values({
        id: b.id,
        sent_by: ada,
        title: b.title,
        body: b.body,
        conditionals: JSON.stringify(b.conditionals),
        recipients: 0,
        created_at: new Date(b.at),
      })
      .execute();
  }

  // Records the demo messages point at: one of the dealer's machines, a case and a report.
  const machineOf = (dealer: string) =>
    trx
      .selectFrom('machines')
      .select(['serial_number', 'material_number'])
      .where('servicing_dealer_id', '=', dealer)
      .orderBy('id')
      .executeTakeFirst();
  const recordOf = (type: 'Case' | 'Report', dealer: string | null) =>
    trx
      .selectFrom('cases')
      .select(['id'])
      .where('record_type', '=', type)
      .$if(dealer !== null, (q) => q.where('account_id', '=', dealer))
      .orderBy('id')
      .executeTakeFirst();

  for (const u of DEMO_USERS) {
    const dealer =
      u.accountId === NORTHFIELD_ID || u.accountId === RIVERBEND_ID ? u.accountId : null;
    const machine = await machineOf(dealer ?? NORTHFIELD_ID);
    const kase = await recordOf('Case', dealer);
    const report = await recordOf('Report', null);
    const rows: {
      type: 'Knowledge' | 'Machine' | 'Case' | 'Report';
      title: string;
      body: string;
      data: Record<string, string>;
      broadcast?: string;
      ago: number;
      read?: boolean;
    }[] = [
      {
        type: 'Knowledge',
        title: 'New bulletin for M7 tractors',
        body: 'Service bulletin SB-M7-114 on the front axle is out.',
        data: { knowledgeCategory: 'Bulletins', searchTerm: 'front axle' },
        broadcast: 'demo-broadcast-1',
        ago: 3 * HOUR_MS,
      },
      {
        type: 'Knowledge',
        title: 'Welcome to push notifications',
        body: 'Messages from the support centre now reach your phone.',
        data: { knowledgeCategory: 'General', searchTerm: 'notifications' },
        broadcast: 'demo-broadcast-3',
        ago: 62 * DAY_MS,
        read: true,
      },
    ];
    if (machine) {
      rows.push({
        type: 'Machine',
        title: 'This machine needs a recall check',
        body: `Please check ${machine.material_number} ${machine.serial_number} for recall R-2291.`,
        data: { modelNumber: machine.material_number, serialNumber: machine.serial_number },
        broadcast: 'demo-broadcast-2',
        ago: 4 * DAY_MS,
      });
    }
    if (kase) {
      rows.push({
        type: 'Case',
        title: 'Your case was updated',
        body: 'The support centre answered on your case.',
        data: { recordId: kase.id },
        ago: 26 * HOUR_MS,
      });
    }
    if (report && !dealer) {
      rows.push({
        type: 'Report',
        title: 'A quality report needs review',
        body: 'A dealer filed a new quality report.',
        data: { recordId: report.id },
        ago: 2 * DAY_MS,
      });
    }
    await trx
      .insertInto('notifications')
      .values(
        rows.map((r, i) => ({
          id: `demo-${u.id}-${i}`,
          contact_id: u.contact.id,
          broadcast_id: r.broadcast ?? null,
          type: r.type,
          title: r.title,
          body: r.body,
          data: JSON.stringify(r.data),
          created_at: new Date(now - r.ago),
          delivered_at: new Date(now - r.ago),
          read_at: r.read ? new Date(now - r.ago) : null,
        })),
      )
      .execute();
  }
  // History counts people: the demo broadcasts reached the demo users above.
  await sql`
    UPDATE broadcasts b SET recipients = (SELECT count(*) FROM notifications n WHERE n.broadcast_id = b.id)
    WHERE b.id LIKE 'demo-broadcast-%'`.execute(trx);
}
