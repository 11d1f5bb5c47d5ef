import { sql, type Kysely } from 'kysely';
import {
  BOOK_ID_PREFIX,
  PARTS_CATALOGUE_TIMEOUT_MS,
  assemblySchema,
  type Assembly,
  type BookIdsResponse,
  type DtcCodesResponse,
  type PartsCatalogueResponse,
} from '../../contract/case-create';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

/** The longest list of DTC values one model answers with. */
const DTC_CODES_MAX = 2000;
/** Books of one model considered at most. */
const BOOKS_MAX = 20;

export const CATALOGUE_TIMEOUT_MESSAGE =
  'The parts catalogue did not answer in time; enter the assembly, sub-assembly and causal part as text';

/** GetDTCValues: the model's DTC values (model matched in any case), by code. */
export async function dtcCodesOf(db: Kysely<Database>, model: string): Promise<DtcCodesResponse> {
  const rows = await db
    .selectFrom('model_dtc_codes')
    .select(['model_number', 'code', 'description'])
    .where(sql<string>`lower(model_number)`, '=', model.toLowerCase())
    .orderBy('code')
    .limit(DTC_CODES_MAX)
    .execute();
  return {
    modelNumber: rows[0]?.model_number ?? model,
    codes: rows.map((r) => ({ code: r.code, description: r.description })),
  };
}

/**
 * product §7: KPAD_Book_Id__c is a pipe-separated list; each id is rewritten to start with
 * 100 (its first three characters replaced), duplicates and blanks dropped.
 */
export function rewriteBookIds(raw: string): string[] {
  const ids = raw
    .split('|')
    .map((id) => id.trim())
    .filter((id) => id.length > BOOK_ID_PREFIX.length)
    .map((id) => `${BOOK_ID_PREFIX}${id.slice(BOOK_ID_PREFIX.length)}`);
  return [...new Set(ids)].slice(0, BOOKS_MAX);
}

async function modelBooks(db: Kysely<Database>, model: string) {
  const rows = await db
    .selectFrom('model_book_ids')
    .select(['model_number', 'book_ids'])
    .where(sql<string>`lower(model_number)`, '=', model.toLowerCase())
    .execute();
  return {
    modelNumber: rows[0]?.model_number ?? model,
    bookIds: rewriteBookIds(rows.map((r) => r.book_ids).join('|')),
  };
}

/** GetBookId: the model's book ids (an unknown model has none). */
export async function bookIdsOf(db: Kysely<Database>, model: string): Promise<BookIdsResponse> {
  return modelBooks(db, model);
}

/** Gives up on `work` after `ms`: the wizard then lets the user type the parts (product §8). */
export async function withinLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(504, CATALOGUE_TIMEOUT_MESSAGE)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * KPAD init: the assembly tree of the model's books (assemblies of every book in book order;
 * a malformed stored tree is skipped rather than failing the wizard). Answers 504 after 10 s.
 */
export async function partsCatalogueOf(
  db: Kysely<Database>,
  model: string,
  limitMs: number = PARTS_CATALOGUE_TIMEOUT_MS,
): Promise<PartsCatalogueResponse> {
  return withinLimit(
    (async () => {
      const { modelNumber, bookIds } = await modelBooks(db, model);
      const rows =
        bookIds.length === 0
          ? []
          : await db
              .selectFrom('parts_books')
              .select(['book_id', 'assemblies'])
              .where('book_id', 'in', bookIds)
              .execute();
      const byBook = new Map(rows.map((r) => [r.book_id, r.assemblies]));
      const assemblies: Assembly[] = [];
      for (const id of bookIds) {
        const tree = byBook.get(id);
        if (!Array.isArray(tree)) continue;
        for (const a of tree) {
          const parsed = assemblySchema.safeParse(a);
          if (parsed.success) assemblies.push(parsed.data);
        }
      }
      return { modelNumber, bookIds, assemblies };
    })(),
    limitMs,
  );
}
