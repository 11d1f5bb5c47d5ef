import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Rebuilds the misspelling fallback's vocabulary: every unstemmed word (letters only, 3 to 30)
 * of the documents' titles and bodies with the number of documents holding it. Run after the
 * documents change (seed, import); the query text is constant.
 */
export async function refreshKnowledgeVocabulary(db: Kysely<Database>): Promise<number> {
  await sql`DELETE FROM knowledge_vocabulary`.execute(db);
  const result = await sql`
    INSERT INTO knowledge_vocabulary (word, ndoc)
    SELECT word, ndoc FROM ts_stat(
      'SELECT to_tsvector(''simple'', title || '' '' || body_text) FROM knowledge_documents'
    )
    WHERE word ~ '^[a-z]{3,30}$'`.execute(db);
  await sql`ANALYZE knowledge_vocabulary`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
