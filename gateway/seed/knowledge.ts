import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { refreshKnowledgeVocabulary } from '../services/knowledge-vocabulary';
import type { DemoSize } from './generate';
import { generateArticles } from './knowledge-articles';
import { generateCampaignBulletins } from './knowledge-bulletins';
import { fixedKnowledge } from './knowledge-fixed';
import { generateManuals } from './knowledge-manuals';
import type { KnowledgeSeed } from './knowledge-rows';
import { insertJson } from './insert-json';

/** Generated service articles and bulletins per size (plus manuals, campaigns, fixed ones). */
export const KNOWLEDGE_ARTICLES: Record<DemoSize, number> = { small: 3000, large: 50_000 };

/** Every demo document and file, the same on every install. */
export function generateKnowledge(size: DemoSize): KnowledgeSeed {
  const parts = [
    fixedKnowledge(),
    generateManuals(),
    generateCampaignBulletins(),
    generateArticles(KNOWLEDGE_ARTICLES[size]),
  ];
  return {
    documents: parts.flatMap((p) => p.documents),
    files: parts.flatMap((p) => p.files),
  };
}

const FILE_BATCH = 200;

/**
 * Inserts the knowledge documents (one JSON parameter per 5,000 rows; the search vector is
 * computed by the database), their files, then the vocabulary of the misspelling fallback.
 */
export async function seedKnowledge(
  db: Kysely<Database>,
  size: DemoSize,
): Promise<{ documents: number; files: number; words: number }> {
  const { documents, files } = generateKnowledge(size);
  // One GIN build after the load beats maintaining the index row by row (small set on
  // PGlite: 1.1 s instead of 1.7 s). The seed runs on an empty table only.
  // knowledge_search (0007) is filled by one INSERT ... SELECT after the load instead of its
  // row trigger (large set on PGlite, busy machine: 69 s with the trigger, 29 s without).
  await sql`DROP INDEX IF EXISTS knowledge_documents_search`.execute(db);
  await sql`DROP INDEX IF EXISTS knowledge_search_search`.execute(db);
  await sql`DROP INDEX IF EXISTS knowledge_search_title`.execute(db);
  await sql`DROP INDEX IF EXISTS knowledge_search_title_scope`.execute(db);
  await sql`ALTER TABLE knowledge_documents DISABLE TRIGGER knowledge_search_sync`.execute(db);
  try {
    await insertJson(db, 'knowledge_documents', documents);
  } finally {
    await sql`ALTER TABLE knowledge_documents ENABLE TRIGGER knowledge_search_sync`.execute(db);
  }
  await sql`
    INSERT INTO knowledge_search (id, document_type, commonproduct, updated_at, title, search)
    SELECT id, document_type, commonproduct, updated_at,
      setweight(to_tsvector('english', title), 'A'), search
    FROM knowledge_documents`.execute(db);
  await sql`
    CREATE INDEX knowledge_documents_search ON knowledge_documents USING gin (search)`.execute(db);
  await sql`CREATE INDEX knowledge_search_search ON knowledge_search USING gin (search)`.execute(
    db,
  );
  await sql`CREATE INDEX knowledge_search_title ON knowledge_search USING gin (title)`.execute(db);
  await sql`
    CREATE INDEX knowledge_search_title_scope ON knowledge_search USING gin (title_scope)`.execute(
    db,
  );
  for (let i = 0; i < files.length; i += FILE_BATCH) {
    await db
      .insertInto('knowledge_files')
      .values(
        files.slice(i, i + FILE_BATCH).map((f) => ({
          ...f,
          size: f.bytes.length,
          sha256: createHash('sha256').update(f.bytes).digest('hex'),
        })),
      )
      .execute();
  }
  const words = await refreshKnowledgeVocabulary(db);
  await sql`ANALYZE knowledge_documents`.execute(db);
  await sql`ANALYZE knowledge_search`.execute(db);
  await sql`ANALYZE knowledge_files`.execute(db);
  return { documents: documents.length, files: files.length, words };
}
