import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Words of at least this many letters are corrected; shorter ones are kept as typed. */
const MIN_WORD = 3;
/** Only the first words of a long query are looked at: each costs a trigram probe. */
const MAX_WORDS = 8;

/**
 * The misspelling fallback: every word of the query that the documents do not hold is
 * replaced by the most similar vocabulary word (pg_trgm similarity above its 0.3 default,
 * ties to the more common word). The rest of the query (quotes, -, or) is kept as typed.
 * Null when nothing changed.
 */
export async function correctQuery(db: Kysely<Database>, q: string): Promise<string | null> {
  const words = [
    ...new Set((q.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= MIN_WORD)),
  ].slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const { rows } = await sql<{ word: string; corrected: string | null }>`
    SELECT w.word,
      coalesce(
        (SELECT v.word FROM knowledge_vocabulary v WHERE v.word = w.word),
        (SELECT v.word FROM knowledge_vocabulary v
          WHERE v.word % w.word
          ORDER BY similarity(v.word, w.word) DESC, v.ndoc DESC, v.word
          LIMIT 1)
      ) AS corrected
    FROM unnest(${words}::text[]) AS w(word)`.execute(db);
  const fixes = new Map(
    rows
      .filter((r) => r.corrected !== null && r.corrected !== r.word)
      .map((r) => [r.word, r.corrected!]),
  );
  if (fixes.size === 0) return null;
  return q.replace(/[a-z]+/gi, (w) => fixes.get(w.toLowerCase()) ?? w);
}
