import type { Kysely } from 'kysely';
import type { Assembly } from '../../contract/case-create';
import { ASSEMBLIES } from '../reference/case-layouts';
import type { Database } from '../db/schema';
import { SYSTEMS } from './knowledge-systems';
import { doc } from './knowledge-rows';
import { MODELS } from '../reference/models';
import { FAULT_CODES } from './machine-catalog';

/*
 * Demo data of the case wizard (product §2, §3 Assembly tree, §7): each model's DTC values,
 * its parts books (KPAD_Book_Id__c as the warranty system keeps it: pipe-separated, ids not
 * yet starting with 100) and each book's assembly tree, and a few CRM items in the knowledge
 * index that case assist must never suggest.
 */

/** Parts of a sub-assembly: the key part's name starts with its number (product §3). */
const PART_KINDS = ['Sensor', 'Seal Kit', 'Harness', 'Valve', 'Bracket', 'Filter Element'];

function assembliesOf(modelIndex: number, names: readonly string[]): Assembly[] {
  return names.map((name, a) => ({
    id: `A${modelIndex}-${a + 1}`,
    name,
    subAssemblies: ASSEMBLIES[name]!.map((sub, s) => ({
      id: `A${modelIndex}-${a + 1}-${s + 1}`,
      name: sub,
      parts: PART_KINDS.slice(0, 3 + ((modelIndex + s) % 3)).map((kind, p) => {
        const number = `${String(3 + (modelIndex % 6))}${String.fromCharCode(65 + a)}${String(
          100 + modelIndex,
        ).slice(-3)}-${String(s + 1)}${String(p + 1)}${String((modelIndex * 7 + p) % 10)}00`;
        return { name: `${number} ${sub} ${kind}`, number };
      }),
    })),
  }));
}

/** The raw book ids of model n: two books, numbered as the warranty system numbers them. */
export function rawBookIdsOf(modelIndex: number): string {
  const n = String(modelIndex + 1).padStart(4, '0');
  return `200${n}1|300${n}2`;
}

export async function seedWizardData(db: Kysely<Database>): Promise<void> {
  const assemblyNames = Object.keys(ASSEMBLIES);
  const half = Math.ceil(assemblyNames.length / 2);
  const dtcRows: { model_number: string; code: string; description: string }[] = [];
  const bookRows: { book_id: string; assemblies: string }[] = [];
  for (const [i, m] of MODELS.entries()) {
    const codes = new Map<string, string>();
    for (const system of SYSTEMS) {
      if (system.families && !system.families.includes(m.family)) continue;
      for (const c of system.components) {
        if (c.families && !c.families.includes(m.family)) continue;
        for (const [spn, fmi, text] of c.dtcs) codes.set(`SPN ${spn} FMI ${fmi}`, text);
      }
    }
    for (const f of FAULT_CODES) codes.set(f.epCode, f.description);
    for (const [code, description] of codes) {
      dtcRows.push({ model_number: m.model, code, description });
    }
    const [first, second] = rawBookIdsOf(i).split('|');
    bookRows.push(
      {
        book_id: `100${first!.slice(3)}`,
        assemblies: JSON.stringify(assembliesOf(i, assemblyNames.slice(0, half))),
      },
      {
        book_id: `100${second!.slice(3)}`,
        assemblies: JSON.stringify(assembliesOf(i, assemblyNames.slice(half))),
      },
    );
  }
  for (let i = 0; i < dtcRows.length; i += 1000) {
    await db
      .insertInto('model_dtc_codes')
      .values(dtcRows.slice(i, i + 1000))
      .execute();
  }
  await db
    .insertInto('model_book_ids')
    .values(MODELS.map((m, i) => ({ model_number: m.model, book_ids: rawBookIdsOf(i) })))
    .execute();
  await db.insertInto('parts_books').values(bookRows).execute();

  // CRM items (file type SalesforceItem): indexed like documents, never suggested.
  await db
    .insertInto('knowledge_documents')
    .values(
      ['Engine stalls under load', 'Hydraulic pump noise', 'DPF regeneration fails'].map(
        (subject, i) =>
          doc({
            id: `CRM-${String(i + 1).padStart(6, '0')}`,
            title: `Case ${String(9000 + i).padStart(8, '0')}: ${subject}`,
            // A case record reads as one: what the dealer reported, then what the TSC found.
            body_html:
              `<p>${subject}. Dealer reported: ${subject.toLowerCase()} on a customer machine; TSC case record.</p>` +
              `<p>Resolution: the TSC confirmed the cause with the dealer's technician, the parts were replaced under warranty and the machine was returned to work.</p>`,
            document_type: 'Article',
            file_type: 'SalesforceItem',
            category_level1: 'Cases',
            category_level2: '',
            category_level3: '',
            category_level4: '',
            commonproduct: null,
            manual_section: null,
            campaign_name: null,
            updated_at: '2026-11-01T00:00:00Z',
          }),
      ),
    )
    .execute();
}
